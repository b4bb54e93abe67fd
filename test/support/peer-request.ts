import { request, type IncomingHttpHeaders } from 'node:http';

/** An answer read whole: status, headers, the body as text and (when it is JSON) parsed. */
export interface PeerAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  json: any;
}

export interface PeerRequest {
  path: string;
  /** POST with this JSON body; GET without one. */
  body?: unknown;
  method?: string;
  headers?: Record<string, string>;
}

/**
 * A request to the service on 127.0.0.1:`port` over a socket of its own, sent from the local `address` (any of
 * 127.0.0.0/8 on Linux): what the service sees as the peer, so tests can be two clients on one machine.
 */
export function from(address: string, port: number, options: PeerRequest): Promise<PeerAnswer> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        localAddress: address,
        agent: false,
        path: options.path,
        method: options.method ?? (body === undefined ? 'GET' : 'POST'),
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: any;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
