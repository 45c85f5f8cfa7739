// Load measurements with autocannon: requests per second and latency percentiles at a fixed
// number of connections, each endpoint beside a trivial route measured right before and after it.
import autocannon from 'autocannon';

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export async function load(
  url: string,
  {
    connections = 50,
    seconds = 6,
    method = 'GET',
    headers = {},
    body,
  }: {
    connections?: number;
    seconds?: number;
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
  } = {},
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    method,
    headers,
    body,
    pipelining: 1,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}
