// make bench-lab's clock (tests/bench/lab.sh): the page with the lab opened
// in headless Chromium driven over the DevTools protocol on a pipe
// (--remote-debugging-pipe: no port, no network), each run in a fresh
// browser with no virtual time, so performance.now() is the real clock:
//   node lab_chromium.js PAGE CHROMIUM RUNS CHANGES
// prints one line per run: "FIRST CHANGE" in ms, FIRST from navigation to
// the first what-if shown (the page's data-first-ms, set once isolabLab is
// ready) and CHANGE the median of CHANGES what-if changes (a mechanism's box
// clicked: the surface, the facts and the questions asked again and laid
// out), each timed in the page around the click and a forced layout.
'use strict';
const {spawn} = require('child_process'), fs = require('fs'), os = require('os'), path = require('path');
const [page, chromium, runs, changes] = process.argv.slice(2);

function browser() {
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

async function once() {
  const b = browser();
  try {
    const {targetId} = await b.send('Target.createTarget', {url: 'about:blank'});
    const {sessionId} = await b.send('Target.attachToTarget', {targetId, flatten: true});
    const run = async expression => {
      const r = await b.send('Runtime.evaluate', {expression, awaitPromise: true, returnByValue: true}, sessionId);
      if (r.exceptionDetails) throw new Error(r.exceptionDetails.text);
      return r.result.value;
    };
    await b.send('Page.enable', {}, sessionId);
    const loaded = b.event('Page.loadEventFired');
    await b.send('Page.navigate', {url: 'file://' + path.resolve(page)}, sessionId);
    await loaded;
    const first = Number(await run("isolabLab.ready.then(() => document.getElementById('lab').getAttribute('data-first-ms'))"));
    const times = await run(`(() => {
      const box = document.querySelector('#lab-whatif input[data-mechanism]'), out = [];
      for (let i = 0; i < ${Number(changes)}; i++) {
        const t0 = performance.now();
        document.querySelector('#lab-whatif input[data-mechanism="' + box.getAttribute('data-mechanism') + '"]').click();
        document.body.offsetHeight;
        out.push(performance.now() - t0);
      }
      return out;
    })()`);
    times.sort((x, y) => x - y);
    const m = times.length % 2 ? times[(times.length - 1) / 2] : (times[times.length / 2 - 1] + times[times.length / 2]) / 2;
    return first + ' ' + m.toFixed(1);
  } finally {
    await b.close();
  }
}

(async () => {
  for (let i = 0; i < Number(runs); i++) console.log(await once());
})().catch(e => { console.error('lab_chromium.js: ' + e.message); process.exit(1); });
