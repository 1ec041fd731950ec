import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import {
  assertValidKey,
  contentTypeForKey,
  IMMUTABLE_CACHE_CONTROL,
  MEDIA_PREFIX,
  type ByteRange,
  type StorageProvider,
  type StoredObject,
} from './storage';

export interface S3StorageOptions {
  /** e.g. https://s3.ap-south-1.amazonaws.com, https://<account>.r2.cloudflarestorage.com */
  endpoint: string;
  /** `auto` for Cloudflare R2; MinIO accepts any region it was configured with. */
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** How long to wait for the store's response headers (an upload gets longer, see put). */
  timeoutMs?: number;
}

/** Where one bucket is and who may use it: what both the media store and the backups need. */
export type S3BucketOptions = Pick<
  S3StorageOptions,
  'endpoint' | 'region' | 'bucket' | 'accessKeyId' | 'secretAccessKey'
>;

/**
 * A signing client for one bucket and the bucket's path-style URL (`<endpoint>/<bucket>/`, which
 * every S3-compatible store accepts); an object's URL is the bucket URL and its key.
 */
export function s3Bucket(options: S3BucketOptions): { client: AwsClient; bucketUrl: string } {
  const client = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    service: 's3',
    region: options.region,
    // aws4fetch retries 5xx and 429 with backoff; a few tries, not its default ten.
    retries: 2,
  });
  const bucketUrl = `${options.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(options.bucket)}/`;
  return { client, bucketUrl };
}

export class S3StorageError extends Error {
  override name = 'S3StorageError';
}

/**
 * Any S3-compatible store (AWS S3, Cloudflare R2, MinIO, DigitalOcean Spaces) over plain HTTP,
 * with path-style URLs (`<endpoint>/<bucket>/<key>`, which every one of them accepts) and
 * requests signed with AWS Signature V4 by aws4fetch. Browsers never talk to the store: the API
 * serves the objects at /media/ (plugins/storage.ts), so the CSP stays self-only and the
 * bucket stays private.
 */
export class S3Storage implements StorageProvider {
  readonly name = 's3' as const;
  private readonly client: AwsClient;
  private readonly bucketUrl: string;

  constructor(private readonly options: S3StorageOptions) {
    ({ client: this.client, bucketUrl: this.bucketUrl } = s3Bucket(options));
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const response = await this.send('PUT', key, {
      headers: {
        'content-type': contentType,
        'cache-control': IMMUTABLE_CACHE_CONTROL,
        // Signed, so the store rejects a body that changed on the way.
        'x-amz-content-sha256': createHash('sha256').update(body).digest('hex'),
      },
      body: new Uint8Array(body.buffer, body.byteOffset, body.byteLength),
      // Up to 200 MB of video: a minute plus a second per megabyte before giving up.
      timeoutMs: (this.options.timeoutMs ?? 30_000) * 2 + Math.ceil(body.length / 1_000),
    });
    if (!response.ok) throw await this.failure('PUT', key, response);
    await response.arrayBuffer();
  }

  async delete(key: string): Promise<void> {
    const response = await this.send('DELETE', key);
    if (!response.ok && response.status !== 404) throw await this.failure('DELETE', key, response);
    await response.arrayBuffer();
  }

  publicUrl(key: string): string {
    assertValidKey(key);
    return `${MEDIA_PREFIX}${key}`;
  }

  async stream(key: string, range?: ByteRange): Promise<StoredObject | undefined> {
    const headers: Record<string, string> = range
      ? { range: `bytes=${range.start}-${range.end ?? ''}` }
      : {};
    const response = await this.send('GET', key, { headers });
    if (response.status === 404) {
      await response.body?.cancel();
      return undefined;
    }
    if (response.status === 416 && range) {
      // The range starts past the end: answer like a file read there, an empty body.
      await response.body?.cancel();
      const size = await this.size(key);
      if (size === undefined) return undefined;
      return { body: Readable.from([]), size, contentType: contentTypeForKey(key) };
    }
    if (!response.ok || !response.body) throw await this.failure('GET', key, response);
    const size = objectSize(response);
    if (size === undefined) {
      await response.body.cancel();
      throw new S3StorageError(`S3 GET ${key}: the response gave no object size`);
    }
    if (range && response.status !== 206 && (range.start > 0 || (range.end ?? size) < size - 1)) {
      // A whole object sent for a part would put the wrong bytes at the player's offset.
      await response.body.cancel();
      throw new S3StorageError(`S3 GET ${key}: the store ignored the Range header`);
    }
    return {
      body: Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>),
      size,
      contentType: response.headers.get('content-type') ?? contentTypeForKey(key),
    };
  }

  private async size(key: string): Promise<number | undefined> {
    const response = await this.send('HEAD', key);
    if (response.status === 404) return undefined;
    if (!response.ok) throw await this.failure('HEAD', key, response);
    return Number(response.headers.get('content-length') ?? 0);
  }

  /** Signs and sends one request; the timeout covers the wait for headers, not the body. */
  private async send(
    method: string,
    key: string,
    init: { headers?: Record<string, string>; body?: Uint8Array; timeoutMs?: number } = {},
  ): Promise<Response> {
    assertValidKey(key);
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new Error('timed out')),
      init.timeoutMs ?? this.options.timeoutMs ?? 30_000,
    );
    try {
      return await this.client.fetch(`${this.bucketUrl}${key}`, {
        method,
        headers: init.headers,
        body: init.body,
        signal: controller.signal,
      });
    } catch (error) {
      throw new S3StorageError(
        `S3 ${method} ${key}: ${this.options.endpoint} unreachable (${(error as Error).message})`,
      );
    } finally {
      clearTimeout(timer);
    }
  }

  /** A clear error naming S3's error code; never the credentials, which no response echoes. */
  private async failure(method: string, key: string, response: Response): Promise<Error> {
    const text = method === 'HEAD' ? '' : await response.text().catch(() => '');
    const code = /<Code>([^<]{1,64})<\/Code>/.exec(text)?.[1];
    return new S3StorageError(
      `S3 ${method} ${this.options.bucket}/${key} failed: ${response.status}${code ? ` ${code}` : ''}`,
    );
  }
}

/** The whole object's size: after the slash of `Content-Range: bytes 0-99/1234`, else the length. */
function objectSize(response: Response): number | undefined {
  if (response.status === 206) {
    const total = /^bytes \d+-\d+\/(\d+)$/.exec(response.headers.get('content-range') ?? '')?.[1];
    return total === undefined ? undefined : Number(total);
  }
  const length = response.headers.get('content-length');
  return length === null ? undefined : Number(length);
}
