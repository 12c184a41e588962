/** Searches typed by demo visitors (the analytics report). The seeding code is one folder up. */

/** Searches typed by demo visitors, with how many results each found. */
export const SEARCHES: [string, number][] = [
  ['m4', 6],
  ['hpa', 3],
  ['milsim', 5],
  ['ghillie', 1],
  ['vancouver', 2],
  ['hi-capa', 2],
  ['plate carrier', 3],
  ['speedsoft', 4],
  ['sniper', 2],
  ['northwind', 1],
  ['goggles', 2],
  ['toronto', 3],
];
