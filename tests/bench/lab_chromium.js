// make bench-lab's clock (tests/bench/lab.sh): the page with the lab opened
// in headless Chromium driven over the DevTools protocol on a pipe
// (--remote-debugging-pipe: no port, no network), each run in a fresh
// browser with no virtual time, so performance.now() is the real clock:
//   node lab_chromium.js PAGE CHROMIUM RUNS CHANGES
// prints one line per run: "FIRST CHANGE" in ms, FIRST from navigation to
// the first what-if shown (the page's data-first-ms, set once isolabLab is
// ready) and CHANGE the median of CHANGES what-if changes (a mechanism's box
// clicked: the surface, the facts and the questions asked of the engine's
// worker again, answered and laid out), each timed in the page from the
// click to a forced layout once the page is idle again.
'use strict';
const path = require('path'), browser = require('../lib/cdp.js');
const [page, chromium, runs, changes] = process.argv.slice(2);

async function once() {
  const b = browser(chromium);
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
    const times = await run(`(async () => {
      const box = document.querySelector('#lab-whatif input[data-mechanism]'), out = [];
      for (let i = 0; i < ${Number(changes)}; i++) {
        const t0 = performance.now();
        document.querySelector('#lab-whatif input[data-mechanism="' + box.getAttribute('data-mechanism') + '"]').click();
        await isolabLab.idle();
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
