// The yardstick for the product list: a bare node:http server answering the same bytes with the same content
// type, no framework, no database. `node bare-server.mjs <port> <body file> <content type>`.
import http from 'node:http';
import { readFileSync } from 'node:fs';

const [port, bodyFile, contentType] = process.argv.slice(2);
const body = readFileSync(bodyFile);
http
  .createServer((_request, response) => {
    response.writeHead(200, { 'content-type': contentType, 'content-length': body.length });
    response.end(body);
  })
  .listen(Number(port), '127.0.0.1', () => console.log(`bare server on ${port}`));
