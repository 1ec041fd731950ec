import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the part of S3's HTTP API the storage adapter uses: PUT, GET (with a
 * Range), HEAD and DELETE on path-style `/<bucket>/<key>`, and one page of ListObjectsV2 (the
 * backups), objects kept in memory. Strict about
 * what S3 checks: every request must carry an AWS Signature V4 Authorization header, which is
 * recomputed here from the spec (not with the adapter's signing library) with the known secret;
 * the credential scope, signed headers, x-amz-date (within 15 minutes) and x-amz-content-sha256
 * (matching the body unless UNSIGNED-PAYLOAD) must all be right. Errors are S3's XML bodies.
 */
export interface FakeS3Object {
  body: Buffer;
  contentType: string;
  cacheControl: string | undefined;
}

export interface FakeS3 {
  /** The endpoint, e.g. http://127.0.0.1:41234 (S3_ENDPOINT). */
  url: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** key → object */
  objects: Map<string, FakeS3Object>;
  /** Every request as received, with the status it got. */
  requests: { method: string; path: string; range: string | undefined; status: number }[];
  close(): Promise<void>;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) =>
  createHmac('sha256', key).update(data).digest();

// RFC 3986 unreserved characters stay; everything else is percent-encoded, as SigV4 wants.
const uriEncode = (value: string) =>
  encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

function fail(res: ServerResponse, status: number, code: string, message: string, head = false) {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(
    head
      ? undefined
      : `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`,
  );
}

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/,\s]+)\/(\d{8})\/([^/,\s]+)\/([^/,\s]+)\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/;

/** Why S3 would refuse this request's signature, or undefined when it is valid. */
function checkSignature(
  req: IncomingMessage,
  body: Buffer,
  s3: Pick<FakeS3, 'accessKeyId' | 'secretAccessKey' | 'region'>,
): { status: number; code: string; message: string } | undefined {
  const denied = (code: string, message: string, status = 403) => ({ status, code, message });
  const match = AUTHORIZATION.exec(req.headers.authorization ?? '');
  if (!match) return denied('AccessDenied', 'Anonymous access is forbidden for this operation');
  const [, accessKeyId, date, region, service, signedHeaderList, signature] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  if (accessKeyId !== s3.accessKeyId) {
    return denied('InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist');
  }
  if (region !== s3.region || service !== 's3') {
    return denied('AuthorizationHeaderMalformed', `The region or service is wrong`, 400);
  }
  const amzDate = req.headers['x-amz-date'];
  if (typeof amzDate !== 'string' || !/^\d{8}T\d{6}Z$/.test(amzDate) || !amzDate.startsWith(date)) {
    return denied('AccessDenied', 'x-amz-date is missing or does not match the credential date');
  }
  const sent = Date.UTC(
    Number(amzDate.slice(0, 4)),
    Number(amzDate.slice(4, 6)) - 1,
    Number(amzDate.slice(6, 8)),
    Number(amzDate.slice(9, 11)),
    Number(amzDate.slice(11, 13)),
    Number(amzDate.slice(13, 15)),
  );
  if (Math.abs(Date.now() - sent) > 15 * 60_000) {
    return denied(
      'RequestTimeTooSkewed',
      'The difference between the request time and now is too large',
    );
  }
  const payloadHash = req.headers['x-amz-content-sha256'];
  if (typeof payloadHash !== 'string') {
    return denied(
      'InvalidRequest',
      'Missing required header for this request: x-amz-content-sha256',
      400,
    );
  }
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) {
    return denied(
      'XAmzContentSHA256Mismatch',
      'The provided x-amz-content-sha256 header does not match',
      400,
    );
  }
  const signedHeaders = signedHeaderList.split(';');
  const mustSign = ['host', ...Object.keys(req.headers).filter((h) => h.startsWith('x-amz-'))];
  const unsigned = mustSign.filter((h) => !signedHeaders.includes(h));
  if (unsigned.length > 0 || signedHeaders.join(';') !== [...signedHeaders].sort().join(';')) {
    return denied('AccessDenied', `These headers must be signed: ${unsigned.join(', ')}`);
  }

  const url = new URL(req.url ?? '/', 'http://fake');
  const query = [...url.searchParams]
    .map(([k, v]) => `${uriEncode(k)}=${uriEncode(v)}`)
    .sort()
    .join('&');
  const canonicalHeaders = signedHeaders
    .map(
      (h) =>
        `${h}:${String(req.headers[h] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonicalRequest = [
    req.method,
    url.pathname,
    query,
    canonicalHeaders,
    signedHeaderList,
    payloadHash,
  ].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const signingKey = ['aws4_request', 's3', region, date].reduceRight<Buffer | string>(
    (key, part) => hmac(key, part),
    `AWS4${s3.secretAccessKey}`,
  );
  if (hmac(signingKey, stringToSign).toString('hex') !== signature) {
    return denied(
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided',
    );
  }
  return undefined;
}

/** first-last, first- or -suffix against a size; 'unsatisfiable', or undefined for no range. */
function byteRange(header: string | undefined, size: number) {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header ?? '');
  if (!match || (!match[1] && !match[2])) return undefined;
  if (!match[1]) {
    const suffix = Number(match[2]);
    return suffix === 0 || size === 0
      ? 'unsatisfiable'
      : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = Math.min(match[2] ? Number(match[2]) : size - 1, size - 1);
  if (match[2] && Number(match[2]) < start) return undefined;
  return start >= size ? 'unsatisfiable' : { start, end };
}

export async function startFakeS3(
  options: {
    bucket?: string;
    region?: string;
    accessKeyId?: string;
    secretAccessKey?: string;
  } = {},
): Promise<FakeS3> {
  const fake = {
    region: options.region ?? 'ap-south-1',
    bucket: options.bucket ?? 'exhale-test',
    accessKeyId: options.accessKeyId ?? 'AKIAFAKES3TEST000001',
    secretAccessKey: options.secretAccessKey ?? 'fake/s3+secret/0123456789abcdefghijklmnop',
    objects: new Map<string, FakeS3Object>(),
    requests: [] as FakeS3['requests'],
  };

  const server = createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks);
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const head = req.method === 'HEAD';
      res.on('finish', () =>
        fake.requests.push({
          method: req.method ?? '',
          path,
          range: req.headers.range,
          status: res.statusCode,
        }),
      );

      const refused = checkSignature(req, body, fake);
      if (refused) return fail(res, refused.status, refused.code, refused.message, head);

      const [, bucket, ...rest] = path.split('/');
      if (bucket !== fake.bucket) {
        return fail(res, 404, 'NoSuchBucket', 'The specified bucket does not exist', head);
      }
      const key = decodeURIComponent(rest.join('/'));
      const query = new URL(req.url ?? '/', 'http://fake').searchParams;
      if (!key && req.method === 'GET' && query.get('list-type') === '2') {
        // ListObjectsV2, one page (the backups' retention lists backups/).
        const prefix = query.get('prefix') ?? '';
        const contents = [...fake.objects.entries()]
          .filter(([name]) => name.startsWith(prefix))
          .sort(([a], [b]) => a.localeCompare(b))
          .map(
            ([name, o]) => `<Contents><Key>${name}</Key><Size>${o.body.length}</Size></Contents>`,
          );
        res.writeHead(200, { 'content-type': 'application/xml' });
        return res.end(
          `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult><Name>${fake.bucket}</Name><Prefix>${prefix}</Prefix><IsTruncated>false</IsTruncated>${contents.join('')}</ListBucketResult>`,
        );
      }
      if (!key) return fail(res, 400, 'InvalidRequest', 'This fake does not list buckets', head);

      if (req.method === 'PUT') {
        fake.objects.set(key, {
          body,
          contentType: req.headers['content-type'] ?? 'binary/octet-stream',
          cacheControl: req.headers['cache-control'],
        });
        res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
        return res.end();
      }
      if (req.method === 'DELETE') {
        fake.objects.delete(key); // S3 answers 204 whether or not the key existed
        res.writeHead(204);
        return res.end();
      }
      if (req.method !== 'GET' && !head) {
        return fail(res, 405, 'MethodNotAllowed', 'The method is not allowed', head);
      }

      const object = fake.objects.get(key);
      if (!object) return fail(res, 404, 'NoSuchKey', 'The specified key does not exist.', head);
      const headers: Record<string, string> = {
        'content-type': object.contentType,
        'accept-ranges': 'bytes',
        ...(object.cacheControl ? { 'cache-control': object.cacheControl } : {}),
      };
      const range = byteRange(req.headers.range, object.body.length);
      if (range === 'unsatisfiable') {
        return fail(res, 416, 'InvalidRange', 'The requested range is not satisfiable', head);
      }
      const part = range ? object.body.subarray(range.start, range.end + 1) : object.body;
      if (range) {
        headers['content-range'] = `bytes ${range.start}-${range.end}/${object.body.length}`;
      }
      res.writeHead(range ? 206 : 200, { ...headers, 'content-length': String(part.length) });
      res.end(head ? undefined : part);
    })().catch((error: unknown) => {
      fail(res, 500, 'InternalError', (error as Error).message);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    ...fake,
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
