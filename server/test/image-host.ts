import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/**
 * A small outside image host on this machine, for the tests of what the server fetches (the image
 * proxy, pasted addresses): `/photo.png` and `/cat.png` a real 40 × 30 PNG (any query), `/page.html`
 * an HTML page, `/notes.txt` text sent as image/png, `/huge.png` 30 MB, `/to-private` a redirect to
 * a private address, anything else 404. `seen` lists every path asked for.
 */
export async function startImageHost() {
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3377ff' } })
    .png()
    .toBuffer();
  const seen: string[] = [];
  const server = createServer((req, res) => {
    const url = req.url ?? '';
    seen.push(url);
    const path = url.split('?')[0];
    if (path === '/photo.png' || path === '/cat.png')
      return res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    if (path === '/page.html')
      return res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>hi</title>');
    if (path === '/notes.txt') return res.writeHead(200, { 'content-type': 'image/png' }).end('not an image');
    if (path === '/to-private') return res.writeHead(302, { location: 'http://10.0.0.1/secret.png' }).end();
    if (path === '/huge.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      const chunk = Buffer.alloc(1024 * 1024);
      let sent = 0;
      const pump = () => {
        while (sent < 30 && res.write(chunk)) sent++;
        if (sent >= 30) res.end();
        else res.once('drain', pump);
      };
      return pump();
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    png,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
