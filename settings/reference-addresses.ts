/** The embedded reference's addresses on `port` (reference/server.ts mounts its parts there). */
export function referenceAddresses(port: number): { baseUrl: string; authUrl: string; controlUrl: string } {
  const origin = `http://127.0.0.1:${port}`;
  return { baseUrl: `${origin}/api`, authUrl: `${origin}/oauth`, controlUrl: `${origin}/control` };
}
