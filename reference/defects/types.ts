export type DefectGroup = 'auth' | 'items' | 'webhooks' | 'transactions' | 'general';

export interface DefectInfo {
  /** One line: how the server deviates from the spec. */
  description: string;
  /** Catalog IDs this deviation breaks; the kill matrix counts a kill when a check tied to one fails. */
  breaks: string[];
  group: DefectGroup;
}
