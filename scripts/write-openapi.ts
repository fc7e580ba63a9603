// Writes docs/openapi.json from the route schemas (npm run openapi). test/api/openapi.test.ts fails when it drifts.
import { writeFileSync } from 'node:fs';
import { generateOpenApiDocument } from './openapi-document.ts';

const document = await generateOpenApiDocument();
writeFileSync(new URL('../docs/openapi.json', import.meta.url), `${JSON.stringify(document, null, 2)}\n`);
console.log('wrote docs/openapi.json');
