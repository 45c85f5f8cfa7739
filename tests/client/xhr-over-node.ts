import http from 'node:http';

/**
 * An XMLHttpRequest for jsdom tests that talk to a real server on another port. jsdom's own
 * XHR applies CORS (the server, same-origin by design, sends no CORS headers) and adds jsdom's
 * Origin, which the server rightly refuses on writes. This one sends the same multipart bytes
 * a browser would, through Node's http, in chunks, firing `upload` progress as each is written.
 * Only what api-client.ts uses is implemented.
 */
export class XhrOverNode extends EventTarget {
  static readonly chunkBytes = 16 * 1024;
  /** Holds the next request before it is sent, so a test can look at the screen mid-upload. */
  static gate: Promise<void> | null = null;

  readonly upload = new EventTarget();
  status = 0;
  responseText = '';
  private method = 'GET';
  private url = '';
  private readonly headers: Record<string, string> = {};
  private responseHeaders: http.IncomingHttpHeaders = {};
  private request: http.ClientRequest | null = null;
  private aborted = false;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  getResponseHeader(name: string): string | null {
    const value = this.responseHeaders[name.toLowerCase()];
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
  }

  abort() {
    if (this.aborted) return;
    this.aborted = true;
    this.request?.destroy();
    this.dispatchEvent(new Event('abort'));
  }

  send(form: FormData) {
    void this.sendAsync(form);
  }

  private async sendAsync(form: FormData) {
    const boundary = `----xhr-over-node-${Math.random().toString(16).slice(2)}`;
    const parts: Buffer[] = [];
    for (const [name, value] of form.entries()) {
      if (typeof value === 'string') {
        parts.push(
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
        );
      } else {
        parts.push(
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.name}"\r\n` +
              `Content-Type: ${value.type || 'application/octet-stream'}\r\n\r\n`,
          ),
          Buffer.from(await readBlob(value)),
          Buffer.from('\r\n'),
        );
      }
    }
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    const body = Buffer.concat(parts);
    if (XhrOverNode.gate) await XhrOverNode.gate;
    if (this.aborted) return;

    const request = http.request(this.url, {
      method: this.method,
      headers: {
        ...this.headers,
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
        'Content-Length': String(body.length),
      },
    });
    this.request = request;
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        if (this.aborted) return;
        this.status = response.statusCode ?? 0;
        this.responseHeaders = response.headers;
        this.responseText = Buffer.concat(chunks).toString('utf8');
        this.dispatchEvent(new Event('load'));
      });
    });
    request.on('error', () => {
      if (!this.aborted) this.dispatchEvent(new Event('error'));
    });
    for (let sent = 0; sent < body.length && !this.aborted; sent += XhrOverNode.chunkBytes) {
      const chunk = body.subarray(sent, sent + XhrOverNode.chunkBytes);
      await new Promise<void>((resolve) => request.write(chunk, () => resolve()));
      const progress = new Event('progress') as Event & {
        lengthComputable: boolean;
        loaded: number;
        total: number;
      };
      Object.assign(progress, { lengthComputable: true, loaded: sent + chunk.length, total: body.length });
      this.upload.dispatchEvent(progress);
    }
    if (!this.aborted) request.end();
  }
}

function readBlob(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('could not read the file'));
    reader.readAsArrayBuffer(blob);
  });
}
