// Acts on the page's lab as a person does and reads back what the screen
// shows, for tests/test_page_lab_ui.sh: the test appends this script (with
// the page's nonce) and a JSON list of steps (id test-steps); Chromium runs
// them with the real clock (tests/cdp.js: the engine's worker answers in
// real time), and the test reads the pre element (id test-report) they
// leave, "=== NAME" and its text per reading, once it is marked data-done.
// Steps:
//   {"go": "#members=...&channel=..."}   the address, as a link would set it
//   {"toggle": "MECHANISM"}              a click on that mechanism's box
//   {"click": "TEXT"}                    a click on the lab's button so labelled
//   {"read": "NAME", "what": WHAT}       a reading; WHAT is one of
//     list, command, start        the member list, the shell command, the
//                                 chosen "start from" (their text)
//     moves                       how many move buttons are enabled
//     surface                     the what-if's surface rows, as export's JSON
//     facts, compare              the fact table's or the comparison's rows:
//                                 each row's cells as shown, ' | ' between
//     compare-commands            the comparison's two shell commands
//     classes                     each status cell of the fact table: text=class
//     colours                     background colour of a lesson table's RETURNS
//                                 cell, then of the lab's
//     links                       each lesson section's lab link: lesson href
//     order                       the page's contents (lesson sections) and its
//                                 body's lesson sections, in order
//     first-column                the fact table's first heading, and whether
//                                 its cells lie inside the window
//     query-list                  the saved-query list: each group's label
//                                 and its entries' names
//     channel                     the channel selector's chosen entry (its text)
//     errors                      each error the lab shows, one a line
//     json                        the JSON offered under table "n" (0 first)
//                                 of the panel "in" (a selector): the command
//                                 named beside it (or the note said instead),
//                                 then the JSON's text exactly, as a JSON string
(async function () {
  const out = [], report = document.createElement('pre');
  report.id = 'test-report';
  document.body.appendChild(report);
  const lab = window.isolabLab;
  const cells = tr => [...tr.children].map(td => td.textContent).join(' | ');
  const tables = sel => [...document.querySelectorAll(sel + ' .lab-result')];
  const readings = {
    list: () => document.querySelector('#lab-whatif input[aria-label="the member list"]').value,
    moves: () => [...document.querySelectorAll('#lab-whatif ol button')].filter(b => !b.disabled).length + ' of ' +
      document.querySelectorAll('#lab-whatif ol button').length + ' move buttons enabled',
    command: () => document.querySelector('#lab-whatif p > code').textContent,
    start: () => { const s = document.querySelectorAll('#lab-whatif select')[1]; return s.options[s.selectedIndex].text; },
    channel: () => { const s = document.querySelectorAll('#lab-whatif select')[0];
      return s.selectedIndex < 0 ? '(nothing chosen)' : s.options[s.selectedIndex].text; },
    errors: () => [...document.querySelectorAll('#lab .lab-error')].map(p => p.textContent).join('\n'),
    json: s => {
      const t = tables(s.in)[s.n], pre = t && t.querySelector('pre.lab-json');
      if (!pre) return 'no JSON under table ' + s.n + ' of ' + s.in;
      const named = pre.parentNode.querySelector('.lab-json-cmd');
      return (named ? (named.querySelector('code') || named).textContent : 'no command named') + '\n' +
        JSON.stringify(pre.textContent);
    },
    surface: () => tables('#lab-whatif')[0].querySelector('pre.lab-json').textContent.trimEnd(),
    facts: () => [tables('#lab-whatif')[1].querySelector('thead tr'), ...tables('#lab-whatif')[1].querySelectorAll('tbody tr')]
      .map(cells).join('\n'),
    compare: () => {
      const t = tables('#lab-compare')[1];
      return t ? [t.querySelector('thead tr'), ...t.querySelectorAll('tbody tr')]
        .map(tr => cells(tr) + (tr.className ? ' [' + tr.className + ']' : '')).join('\n') : 'no comparison';
    },
    'compare-commands': () => [...document.querySelectorAll('#lab-compare code.lab-cmd-a, #lab-compare code.lab-cmd-b')]
      .map(c => c.textContent).join('\n'),
    classes: () => [...tables('#lab-whatif')[1].querySelectorAll('tbody td:first-child')]
      .map(td => td.textContent + '=' + td.className).filter((x, i, a) => a.indexOf(x) === i).join('\n'),
    colours: () => {
      const lesson = [...document.querySelectorAll('section[data-lesson] td')].find(td => td.textContent === 'RETURNS');
      const mine = [...tables('#lab-whatif')[1].querySelectorAll('td')].find(td => td.textContent === 'RETURNS');
      return [lesson, mine].map(td => td ? getComputedStyle(td).backgroundColor : 'none').join(' ');
    },
    links: () => [...document.querySelectorAll('section[data-lesson]')]
      .map(s => s.getAttribute('data-lesson') + ' ' + ((s.querySelector('p.lab-link a') || {}).getAttribute?.('href') || 'no link'))
      .join('\n'),
    order: () => [...document.querySelectorAll('nav a[href^="#lesson-"]')].map(a => a.getAttribute('href').slice(1)).join(' ') +
      '\n' + [...document.querySelectorAll('main > section[id^="lesson-"]')].map(s => s.id).join(' '),
    'first-column': () => {
      const t = tables('#lab-whatif')[1], th = t.querySelector('thead th'), td = t.querySelector('tbody td');
      const r = td.getBoundingClientRect();
      return th.textContent + ', ' + (r.left >= 0 && r.right <= window.innerWidth ? 'inside' : 'outside') +
        ' the window ' + window.innerWidth + ' wide';
    },
    'query-list': () => [...document.querySelectorAll('#lab-query select optgroup')]
      .map(g => g.label + ': ' + [...g.children].map(o => o.value).join(' ')).join('\n'),
  };
  try {
    await lab.ready;
    await lab.idle();
    for (const s of JSON.parse(document.getElementById('test-steps').textContent)) {
      if (s.go) {
        const moved = new Promise(done => addEventListener('hashchange', () => setTimeout(done, 0), {once: true}));
        location.hash = s.go;
        await moved;
      } else if (s.toggle) {
        document.querySelector('#lab-whatif input[data-mechanism="' + s.toggle + '"]').click();
      } else if (s.click) {
        [...document.querySelectorAll('#lab button')].find(b => b.textContent === s.click).click();
      } else {
        out.push('=== ' + s.read + '\n' + readings[s.what](s));
      }
      await new Promise(done => setTimeout(done, 0));
      await lab.idle();
      report.textContent = out.join('\n') + '\n';
    }
  } catch (e) {
    out.push('=== driver\nERROR ' + e.message);
  }
  report.textContent = out.join('\n') + '\n';
  report.setAttribute('data-done', '1');
})();
