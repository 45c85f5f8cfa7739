export function readRouteFiles(root: string): Array<{ route: string; source: string }>;
