export function routeSizes(dist?: string): Array<{ route: string; jsBytes: number; cssBytes: number }>;
