// The slice of autocannon's API the benchmarks use (it ships no types).
declare module 'autocannon' {
  interface Result {
    requests: { average: number; total: number };
    latency: { p99: number; p50: number };
    errors: number;
    non2xx: number;
  }
  interface RequestTemplate {
    method?: string;
    /** Called before each send; returns the request to send (its path may be changed). */
    setupRequest?: (request: { path: string }) => { path: string };
  }
  export default function autocannon(options: {
    url: string; connections: number; duration: number; headers?: Record<string, string>; requests?: RequestTemplate[];
    /** Requests per second over all connections (a fixed rate instead of as fast as possible). */
    overallRate?: number;
  }): Promise<Result>;
}
