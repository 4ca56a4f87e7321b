// Headless Chromium driven over the DevTools protocol on a pipe
// (--remote-debugging-pipe: no port, no network), with no virtual time, so a
// page's clock is the real one: for what a test or make bench must time.
//   const browser = require('./cdp.js'); const b = browser(chromium);
//   b.send(METHOD, PARAMS, SESSION) -> a promise of the result;
//   b.event(NAME) -> a promise of the next such event's params; b.close().
'use strict';
const {spawn} = require('child_process'), fs = require('fs'), os = require('os'), path = require('path');

function browser(chromium) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'isolab-lab-bench-'));
  const p = spawn(chromium, ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync', '--user-data-dir=' + dir,
    '--remote-debugging-pipe', 'about:blank'], {stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe']});
  let id = 0, buf = '';
  const waiting = new Map(), listeners = [];
  p.stdio[4].setEncoding('utf8');
  p.stdio[4].on('data', d => {
    buf += d;
    for (let i; (i = buf.indexOf('\0')) >= 0;) {
      const m = JSON.parse(buf.slice(0, i));
      buf = buf.slice(i + 1);
      const w = m.id && waiting.get(m.id);
      if (w) waiting.delete(m.id), m.error ? w.reject(new Error(m.error.message)) : w.resolve(m.result);
      else listeners.forEach(f => f(m));
    }
  });
  const send = (method, params, sessionId) => new Promise((resolve, reject) => {
    const m = {id: ++id, method, params: params || {}};
    if (sessionId) m.sessionId = sessionId;
    waiting.set(m.id, {resolve, reject});
    p.stdio[3].write(JSON.stringify(m) + '\0');
  });
  const event = name => new Promise(done => listeners.push(m => m.method === name && done(m.params)));
  const exited = new Promise(done => p.on('exit', done));
  // the browser's helpers may still be writing its profile when it exits:
  // removing it is retried, and a profile left behind is no failure
  const close = async () => {
    p.kill();
    await exited;
    try { fs.rmSync(dir, {recursive: true, force: true, maxRetries: 10, retryDelay: 100}); } catch (e) { /* left */ }
  };
  return {send, event, close};
}

module.exports = browser;
