// Regenerates the committed OpenAPI document (apps/api/openapi.json); the web's
// types are then generated from it. A test fails when either is stale.
import { writeFile } from 'node:fs/promises';
import { generateOpenApiDocument, serializeOpenApiDocument } from '../src/openapi-document';

const target = new URL('../openapi.json', import.meta.url);
await writeFile(target, serializeOpenApiDocument(await generateOpenApiDocument()));
console.log(`wrote ${target.pathname}`);
