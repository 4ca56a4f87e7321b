// Drives the page's lab for tests/page/test_page_lab.sh: the test copies the page
// with this script (given the page's nonce) and a JSON list of questions
// (id test-questions) appended; Chromium runs it and dumps the DOM, and the
// test reads the pre element (id test-report) it leaves:
//   === NAME          then the rows as the page has them (JSON, as export)
// A question with "address" is asked as a link would: the page's address
// set to it (#sql=... or #members=...&channel=...), the answer read from
// the page; one without, through the engine directly (isolabLab.raw). One
// with "download" runs its sql, then clicks the download button and leaves
// the bytes it would save, in base64. One with "keep" runs its sql as typed,
// then leaves, as JSON, what the page says beside the download ("changed",
// "refused": each reason), what a first press of the button saved ("first":
// null, or the file's name) and the button's text after it ("button"), and
// what a second press saved ("second"). One with "link" opens its sql as a
// link (#sql=) and leaves, as JSON, what the page shows: the rows ("shown"),
// the note on what was left unrun ("unrun"), the query box's text ("box"),
// its lines ("lines") and what it says of more ("more"), the download's
// name and bytes in base64 ("name", "download"), the rows in the answer's
// table ("table_rows") and the notes under it ("notes"). One with "list" waits until the query
// box's list has counted every saved query's rows (at most 60 s), then
// leaves its entries, one a line. One with "plot" (frontier or
// marginal) opens #members=...&channel=... and reads the rows back from that
// plot of the questions panel: each value a mark's place stands for, through
// the axis's tick labels (a mark misplaced reads as a fraction), the rest
// from its data-* and its text, written in export's JSON layout.
(async function () {
  const out = [], report = document.createElement('pre');
  report.id = 'test-report';
  // the page's address set to h, then what it asks answered and shown (a
  // page without idle() answers before its hashchange handler returns)
  const idle = () => window.isolabLab.idle ? window.isolabLab.idle() : Promise.resolve();
  const hash = h => new Promise(done => {
    addEventListener('hashchange', () => setTimeout(done, 0), {once: true});
    location.hash = h;
  }).then(idle);
  const shown = sel => {
    const pre = document.querySelector(sel + ' pre.lab-json');
    if (pre) return pre.textContent;
    const box = document.querySelector(sel + ' .lab-result');
    return box && box.textContent === 'No rows.' ? '[]\n' : 'ERROR ' + (box ? box.textContent : 'no answer');
  };
  const axis = (svg, a) => {
    const t = [...svg.querySelectorAll('g.ticks text[data-axis="' + a + '"]')]
      .map(e => ({v: parseFloat(e.textContent), at: parseFloat(e.getAttribute(a))}));
    const p = t[0], q = t[t.length - 1];
    return at => p.v + (at - p.at) * (q.v - p.v) / (q.at - p.at);
  };
  const whole = v => Math.abs(v - Math.round(v)) < 0.01 ? Math.round(v) + 0 : v;
  const layout = rows => rows.length ? '[\n' + rows.map(r => '  {' + Object.keys(r).map(k => JSON.stringify(k) + ': ' +
    (typeof r[k] === 'string' ? JSON.stringify(r[k]) : String(r[k]))).join(', ') + '}').join(',\n') + '\n]\n' : '[]\n';
  const plotted = which => {
    const svg = document.querySelector('#lab-' + which + '-plot svg');
    if (!svg) return 'ERROR no ' + which + ' plot';
    const X = axis(svg, 'x');
    if (which === 'frontier') {
      const Y = axis(svg, 'y');
      return layout([...svg.querySelectorAll('g.marks use:not(.list)')].map(u => {
        const m = /^translate\(([-\d.]+),([-\d.]+)\)$/.exec(u.getAttribute('transform'));
        return {size: whole(X(+m[1])), open_surface: whole(Y(+m[2])), bundles: +u.dataset.bundles, members: u.dataset.members,
                frontier: +u.dataset.frontier};
      }));
    }
    return layout([...svg.querySelectorAll('g.bars > g')].map(g => {
      // a bar runs from zero to its delta: the end that is not at zero
      const r = g.querySelector('rect'), x = +r.getAttribute('x'), a = X(x), b = X(x + +r.getAttribute('width'));
      const delta = whole(Math.abs(a) > Math.abs(b) ? a : b), shown = g.querySelector('text.value').textContent;
      return {mechanism: g.querySelector('text.name').textContent, in_bundle: +g.dataset.inBundle,
              open_surface: +g.dataset.openSurface,
              delta: shown === (delta > 0 ? '+' : '') + delta ? delta : 'drawn ' + delta + ', labelled ' + shown};
    }));
  };
  // presses the download button: the name and the Blob it saved (caught at
  // createObjectURL), or null when it saved nothing
  const press = async () => {
    let blob = null, name = null;
    const made = URL.createObjectURL, click = HTMLAnchorElement.prototype.click;
    URL.createObjectURL = b => { blob = b; return made.call(URL, b); };
    HTMLAnchorElement.prototype.click = function () { name = this.download; return click.call(this); };
    [...document.querySelectorAll('#lab button')].find(b => /^Download /.test(b.textContent)).click();
    URL.createObjectURL = made, HTMLAnchorElement.prototype.click = click;
    if (!blob) return null;
    const u = new Uint8Array(await blob.arrayBuffer());
    let bin = '';
    for (let i = 0; i < u.length; i += 8192) bin += String.fromCharCode.apply(null, u.subarray(i, i + 8192));
    return {name, base64: btoa(bin)};
  };
  document.body.appendChild(report);
  try {
    await window.isolabLab.ready;
    for (const q of JSON.parse(document.getElementById('test-questions').textContent)) {
      let text;
      if (q.list) {
        const entries = () => [...document.querySelectorAll('#lab-query select option')].slice(1).map(o => o.textContent);
        await idle();
        for (let i = 0; i < 600 && !entries().every(t => / \(\d+ rows?\)$/.test(t)); i++)
          await new Promise(done => setTimeout(done, 100));
        text = entries().join('\n') + '\n';
      } else if (q.download) {
        // what the student added (q.sql), then the bytes the page's download
        // link would save
        const added = JSON.parse(await window.isolabLab.raw(q.sql));
        const saved = await press();
        text = (added.error ? 'ERROR ' + added.error + '\n' : '') + saved.base64 + '\n';
      } else if (q.keep) {
        const sql = document.querySelector('#lab-query textarea');
        sql.value = q.sql;
        [...document.querySelectorAll('#lab-query button')].find(b => b.textContent === 'Run').click();
        await idle();
        const first = await press(), button = document.querySelector('#lab-keep button').textContent;
        const refused = [...document.querySelectorAll('#lab-keep li')].map(li => li.textContent);
        const second = await press();
        text = JSON.stringify({changed: document.getElementById('lab-changed').textContent, refused,
                               first: first && first.name, button, second: second && second.name,
                               answer: document.getElementById('lab-answer').textContent}) + '\n';
      } else if (q.link) {
        await hash('#sql=' + encodeURIComponent(q.sql));
        const box = document.querySelector('#lab-query textarea'), saved = await press();
        const unrun = document.querySelector('#lab-answer .lab-unrun');
        text = JSON.stringify({shown: shown('#lab-answer'), unrun: unrun ? unrun.textContent : null, box: box.value,
                               lines: box.rows, more: (document.getElementById('lab-more-lines') || {}).textContent,
                               name: saved.name, download: saved.base64,
                               table_rows: document.querySelectorAll('#lab-answer tbody tr').length,
                               notes: [...document.querySelectorAll('#lab-answer .lab-result p.note')].map(p => p.textContent)}) + '\n';
      } else if (q.plot) {
        const h = '#members=' + encodeURIComponent(q.members) + '&channel=' + encodeURIComponent(q.channel);
        if (location.hash !== h) await hash(h);
        text = plotted(q.plot);
      } else if (q.members !== undefined) {
        await hash('#members=' + encodeURIComponent(q.members) + '&channel=' + encodeURIComponent(q.channel));
        text = shown('#lab-whatif');
      } else if (q.address) {
        await hash('#sql=' + encodeURIComponent(q.sql));
        text = shown('#lab-answer');
      } else {
        const raw = await window.isolabLab.raw(q.sql, q.budget), r = JSON.parse(raw);
        text = r.error ? 'ERROR ' + r.error : raw.slice(raw.indexOf('"rows": ') + 8, raw.length - 1);
      }
      out.push('=== ' + q.name + '\n' + text);
      report.textContent = out.join(''); // what is done so far, should Chromium stop early
    }
  } catch (e) {
    out.push('=== driver\nERROR ' + e.message);
  }
  report.textContent = out.join('');
})();
