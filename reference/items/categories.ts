import type { Seam } from '../seam.js';
import type { Language, Translated } from './language.js';

/**
 * The reference's category tree. Small, but it has every shape the spec names:
 * roots (`parent_id: null`) that group, a grouping parent two levels down, leaves
 * under them, and one root that is itself an assignable leaf (Books), so a client
 * that assumes "roots are never assignable" is caught.
 */
interface CategoryNode {
  id: number;
  name: Translated;
  children: CategoryNode[];
}

const leaf = (id: number, en: string, es: string, it: string): CategoryNode => ({ id, name: { en, es, it }, children: [] });
const group = (id: number, en: string, es: string, it: string, children: CategoryNode[]): CategoryNode => ({
  id,
  name: { en, es, it },
  children,
});

/** The ids the attributes module refers to. */
export const CATEGORY = {
  motor: 100,
  cars: 101,
  motorbikes: 102,
  spareParts: 110,
  carParts: 111,
  electronics: 200,
  mobilePhones: 201,
  computers: 202,
  laptops: 203,
  desktops: 204,
  homeAndGarden: 300,
  furniture: 301,
  garden: 302,
  books: 400,
} as const;

// Every name differs in all three languages, so a client can tell which one it got.
const TREE: CategoryNode[] = [
  group(CATEGORY.motor, 'Motor', 'Motor y accesorios', 'Motori', [
    leaf(CATEGORY.cars, 'Cars', 'Coches', 'Auto'),
    leaf(CATEGORY.motorbikes, 'Motorbikes', 'Motos', 'Moto'),
    group(CATEGORY.spareParts, 'Spare parts', 'Recambios', 'Ricambi', [
      leaf(CATEGORY.carParts, 'Car parts', 'Recambios de coche', 'Ricambi auto'),
    ]),
  ]),
  group(CATEGORY.electronics, 'Electronics', 'Electrónica', 'Elettronica', [
    leaf(CATEGORY.mobilePhones, 'Mobile phones', 'Teléfonos móviles', 'Telefoni cellulari'),
    group(CATEGORY.computers, 'Computers', 'Informática', 'Informatica', [
      leaf(CATEGORY.laptops, 'Laptops', 'Portátiles', 'Portatili'),
      leaf(CATEGORY.desktops, 'Desktop computers', 'Ordenadores de sobremesa', 'Computer fissi'),
    ]),
  ]),
  group(CATEGORY.homeAndGarden, 'Home and garden', 'Hogar y jardín', 'Casa e giardino', [
    leaf(CATEGORY.furniture, 'Furniture', 'Muebles', 'Mobili'),
    leaf(CATEGORY.garden, 'Garden', 'Jardín', 'Giardino'),
  ]),
  leaf(CATEGORY.books, 'Books', 'Libros', 'Libri'),
];

/** A category as the spec's Category resource. */
export interface CategoryView {
  id: number;
  /** Absent on a root under the variant `category-shape`. */
  parent_id?: number | null;
  name: string;
  assignable_to_item: boolean;
  /** Absent on a leaf under the variant `category-shape`. */
  subcategories?: CategoryView[];
}

function render(node: CategoryNode, parentId: number | null, language: Language, seam: Seam): CategoryView {
  // A leaf is exactly a category without children: the spec ties `subcategories: []` to assignable.
  const assignable = node.children.length === 0;
  let parent = parentId;
  if (parentId === null && seam.defect('root-parent-self')) parent = node.id;
  const view: CategoryView = {
    id: node.id,
    parent_id: parent,
    name: node.name[language],
    assignable_to_item: assignable,
    subcategories: node.children.map((child) => render(child, node.id, language, seam)),
  };
  // The real service's documented shape: no subcategories on a leaf, no parent_id on a root.
  if (seam.variant('category-shape')) {
    if (parent === null) delete view.parent_id;
    if (assignable) delete view.subcategories;
  }
  return view;
}

/** The whole tree in one language: the body of GET /items/categories is `{categories: renderTree(...)}`. */
export function renderTree(language: Language, seam: Seam): CategoryView[] {
  return TREE.map((root) => render(root, null, language, seam));
}

function walk(nodes: CategoryNode[], visit: (node: CategoryNode) => void): void {
  for (const node of nodes) {
    visit(node);
    walk(node.children, visit);
  }
}

const BY_ID = new Map<number, CategoryNode>();
walk(TREE, (node) => BY_ID.set(node.id, node));

export type CategoryKind = 'leaf' | 'grouping' | 'unknown';

/**
 * What an id names. Ids travel as strings (`category_leaf_id` and the attributes
 * path are strings in the spec), so only a plain decimal integer is an id: `"0101"`,
 * `"101.0"` or `" 101"` name nothing.
 */
export function categoryKind(id: string | number): CategoryKind {
  const text = String(id);
  if (!/^(0|[1-9][0-9]{0,9})$/.test(text)) return 'unknown';
  const node = BY_ID.get(Number(text));
  if (!node) return 'unknown';
  return node.children.length === 0 ? 'leaf' : 'grouping';
}

/** Every assignable category id, in tree order (the one listing limit covers them all). */
export function leafIds(): number[] {
  const ids: number[] = [];
  walk(TREE, (node) => {
    if (node.children.length === 0) ids.push(node.id);
  });
  return ids;
}
