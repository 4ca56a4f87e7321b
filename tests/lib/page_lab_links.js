// Opens the page's lab with links someone else made, for
// tests/page/test_page_lab.sh, in headless Chromium on the DevTools protocol
// (tests/lib/cdp.js: no virtual time, so the clock is the real one):
//   node page_lab_links.js PAGE CHROMIUM LINKS.json
// LINKS is a list of {name, sql}. Each opens in a tab of its own as
// PAGE#sql=SQL; every 100 ms the page is asked whether its query still runs
// (the query box's "Running" line), and the first time it does, a what-if
// box is clicked and the member list read back. Prints a JSON line per link:
//   {name, seconds: from navigation to the answer shown (null: none in 30 s),
//    clicked: the click changed the member list while the query ran,
//    slowest: the longest the page took to answer the protocol while the
//      query ran (ms),
//    answer: the query box's answer as text}
// A link with "stop" then goes on as a student would: an INSERT typed and
// run, a query that never ends typed and run with the full budget, Stop
// pressed once it runs; it adds {stopped: the answer after Stop, after: the
// answer to a SELECT of the inserted row, run after Stop}.
'use strict';
const path = require('path'), browser = require('./cdp.js');
const [page, chromium, links] = process.argv.slice(2);
const LIMIT = 30000;

const sleep = ms => new Promise(done => setTimeout(done, ms));
const within = (p, ms) => Promise.race([p, sleep(ms).then(() => { throw new Error('no answer in ' + ms + ' ms'); })]);

async function open(b, link) {
  const {targetId} = await b.send('Target.createTarget', {url: 'about:blank'});
  const {sessionId} = await b.send('Target.attachToTarget', {targetId, flatten: true});
  const run = async expression => {
    const r = await b.send('Runtime.evaluate', {expression, awaitPromise: true, returnByValue: true}, sessionId);
    if (r.exceptionDetails) throw new Error(r.exceptionDetails.exception ? r.exceptionDetails.exception.description
                                                                          : r.exceptionDetails.text);
    return r.result.value;
  };
  const out = {name: link.name, seconds: null, clicked: false, slowest: 0, answer: null};
  const t0 = Date.now();
  let running = false;
  await b.send('Page.navigate', {url: 'file://' + path.resolve(page) + '#sql=' + encodeURIComponent(link.sql)}, sessionId);
  while (Date.now() - t0 < LIMIT) {
    const s = Date.now();
    let st;
    try {
      st = await within(run(`(() => {
        const r = document.getElementById('lab-running'), a = document.getElementById('lab-answer');
        return {running: !!r && !r.hidden, answer: a ? a.textContent : ''};
      })()`), LIMIT);
    } catch (e) {
      out.answer = 'ERROR ' + e.message;
      break;
    }
    if (running) out.slowest = Math.max(out.slowest, Date.now() - s);
    running = st.running;
    if (st.running && !out.clicked)
      out.clicked = await run(`(() => {
        const list = document.querySelector('#lab-whatif input[aria-label="the member list"]'), before = list.value;
        document.querySelector('#lab-whatif input[data-mechanism]').click();
        return list.value !== before;
      })()`);
    if (!st.running && st.answer) {
      out.seconds = (Date.now() - t0) / 1000, out.answer = st.answer;
      break;
    }
    await sleep(100);
  }
  if (link.stop && out.seconds !== null) {
    const typed = sql => run(`(async () => {
      document.querySelector('#lab-query textarea').value = ${JSON.stringify(sql)};
      [...document.querySelectorAll('#lab-query button')].find(b => b.textContent === 'Run').click();
      await isolabLab.idle();
      return document.getElementById('lab-answer').textContent;
    })()`);
    await typed("INSERT INTO channel(name, cost_pct) VALUES ('kept-after-stop', 1)");
    await run(`(() => {
      document.querySelector('#lab-query textarea').value = ${JSON.stringify(link.stop)};
      [...document.querySelectorAll('#lab-query button')].find(b => b.textContent === 'Run').click();
    })()`);
    for (let i = 0; i < 100 && !(await run("!document.getElementById('lab-running').hidden")); i++) await sleep(100);
    await sleep(1000);
    out.stopped = await within(run(`(async () => {
      [...document.querySelectorAll('#lab-running button')].find(b => b.textContent === 'Stop').click();
      await isolabLab.idle();
      return document.getElementById('lab-answer').textContent;
    })()`), LIMIT);
    out.after = await within(typed("SELECT name FROM channel WHERE name = 'kept-after-stop'"), LIMIT);
  }
  await b.send('Target.closeTarget', {targetId});
  return out;
}

(async () => {
  const b = browser(chromium);
  try {
    for (const link of JSON.parse(require('fs').readFileSync(links, 'utf8'))) console.log(JSON.stringify(await open(b, link)));
  } finally {
    await b.close();
  }
})().catch(e => { console.error('page_lab_links.js: ' + e.message); process.exit(1); });
