// The yardstick for the product list: a bare node:http server answering the same response, no framework, no
// database: the status, the headers the shop sends (its security headers, ETag, Cache-Control, Vary, type) and
// the body. Node adds Date, Connection and Keep-Alive to both. With `--body-only`, only the body and its content
// type (the yardstick of issue 9's runs, shown beside the other for comparison; decision 019).
//   node bare-server.mjs <port> <body file> <headers JSON file> [--body-only]
import http from 'node:http';
import { readFileSync } from 'node:fs';

const [port, bodyFile, headersFile, mode] = process.argv.slice(2);
const body = readFileSync(bodyFile);
const shopHeaders = JSON.parse(readFileSync(headersFile, 'utf8'));
const headers =
  mode === '--body-only'
    ? { 'content-type': shopHeaders['content-type'], 'content-length': String(body.length) }
    : { ...shopHeaders, 'content-length': String(body.length) };
http
  .createServer((_request, response) => {
    response.writeHead(200, headers);
    response.end(body);
  })
  .listen(Number(port), '127.0.0.1', () => console.log(`bare server on ${port}`));
