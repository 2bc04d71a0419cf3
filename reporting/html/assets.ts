/**
 * The inline CSS and script of conformance.html. Inline on purpose: the report
 * is one file that opens offline, from a CI artifact or a mail attachment.
 */

export const CSS = `
:root { --red:#b42318; --red-bg:#fef3f2; --amber:#b54708; --amber-bg:#fffaeb; --green:#067647; --green-bg:#ecfdf3;
  --grey:#475467; --grey-bg:#f2f4f7; --blue:#175cd3; --blue-bg:#eff8ff; --line:#d0d5dd; --ink:#101828; }
* { box-sizing: border-box; }
body { margin:0; font:14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color:var(--ink); background:#fff; }
header.gate { padding:18px 28px; border-bottom:4px solid; display:flex; gap:24px; align-items:center; flex-wrap:wrap; }
header.gate.pass { background:var(--green-bg); border-color:var(--green); }
header.gate.fail { background:var(--red-bg); border-color:var(--red); }
header.gate.broken { background:var(--grey-bg); border-color:var(--ink); }
header.gate.incomplete { background:var(--amber-bg); border-color:var(--amber); }
header h1 { font-size:20px; margin:0; flex:1 1 auto; }
.gate-verdict { font-size:22px; font-weight:700; padding:6px 16px; border-radius:6px; color:#fff; }
.pass .gate-verdict { background:var(--green); } .fail .gate-verdict { background:var(--red); }
.broken .gate-verdict { background:var(--ink); } .incomplete .gate-verdict { background:var(--amber); }
.gate-exit { color:var(--grey); font-family:ui-monospace, monospace; }
.headline { border:2px solid var(--line); border-radius:8px; padding:10px 16px; margin:0 0 14px; }
.headline.whole { border-color:var(--green); } .headline.partial { border-color:var(--amber); background:var(--amber-bg); }
.headline .big { font-size:18px; } .headline .apart { color:var(--grey); font-size:12.5px; margin-top:4px; }
.gate-reasons { flex-basis:100%; margin:0; padding-left:20px; }
.wrap { padding:16px 28px; max-width:1280px; }
.figures { display:grid; grid-template-columns:repeat(auto-fit,minmax(170px,1fr)); gap:12px; margin:0 0 16px; }
.figure { border:1px solid var(--line); border-radius:8px; padding:10px 14px; }
.figure .k { color:var(--grey); font-size:12px; text-transform:uppercase; letter-spacing:.04em; }
.figure .v { font-size:22px; font-weight:650; }
.figure .v.small { font-size:14px; font-weight:500; word-break:break-word; overflow-wrap:anywhere; }
.box { border:1px solid var(--line); border-left-width:6px; border-radius:6px; padding:10px 16px; margin:0 0 14px; }
.box h2 { font-size:16px; margin:2px 0 8px; }
details.box > summary { cursor:pointer; font-size:15px; margin:2px 0 6px; }
.box.red { border-color:var(--red); background:var(--red-bg); } .box.amber { border-color:var(--amber); background:var(--amber-bg); }
.box.green { border-color:var(--green); background:var(--green-bg); } .box.grey { border-color:var(--grey); background:var(--grey-bg); }
.box.blue { border-color:var(--blue); background:var(--blue-bg); }
.box ol, .box ul { margin:0; padding-left:22px; } .box li { margin:3px 0; }
.repros { margin:1px 0 4px; } code.repro { display:block; white-space:nowrap; overflow-x:auto; background:#fff; border:1px solid var(--line); border-radius:4px; padding:1px 6px; margin:2px 0; }
a { color:var(--blue); } .mono, code, pre { font-family:ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size:12.5px; }
pre { background:#f9fafb; border:1px solid var(--line); border-radius:4px; padding:8px 10px; white-space:pre-wrap; word-break:break-all; margin:4px 0 8px; max-height:360px; overflow:auto; }
nav.filters { position:sticky; top:0; background:#fff; border-bottom:1px solid var(--line); padding:8px 0; margin-bottom:8px; display:flex; gap:6px; flex-wrap:wrap; align-items:center; z-index:2; }
nav.filters button { border:1px solid var(--line); background:#fff; border-radius:14px; padding:3px 12px; cursor:pointer; font:inherit; }
nav.filters button.on { background:var(--ink); color:#fff; border-color:var(--ink); }
nav.filters input { margin-left:auto; padding:4px 8px; border:1px solid var(--line); border-radius:4px; min-width:220px; font:inherit; }
section.spec-section h2 { font-size:17px; margin:22px 0 8px; border-bottom:1px solid var(--line); padding-bottom:4px; }
section.spec-section h2 .counts { font-weight:400; color:var(--grey); font-size:13px; margin-left:8px; }
details.req { border:1px solid var(--line); border-radius:6px; margin:6px 0; background:#fff; }
details.req > summary { padding:7px 12px; cursor:pointer; display:flex; gap:8px; align-items:baseline; flex-wrap:wrap; list-style:none; }
details.req > summary::-webkit-details-marker { display:none; }
details.req > summary .id { font-weight:650; font-family:ui-monospace, Menlo, Consolas, monospace; }
details.req > summary .stmt { flex:1 1 400px; }
details.req .body { padding:4px 14px 12px; border-top:1px solid var(--line); }
details.req.failed-must { border:2px solid var(--red); background:var(--red-bg); }
details.req.failed-should { border:2px solid var(--amber); background:var(--amber-bg); }
details.req.no-check { border-style:dashed; }
.badge { display:inline-block; border-radius:10px; padding:0 8px; font-size:12px; font-weight:600; white-space:nowrap; }
.b-passed { background:var(--green-bg); color:var(--green); border:1px solid var(--green); }
.b-failed { background:var(--red); color:#fff; } .b-finding { background:var(--amber); color:#fff; }
.b-not-exercised { background:var(--amber-bg); color:var(--amber); border:1px solid var(--amber); }
.b-not-applicable { background:var(--grey-bg); color:var(--grey); border:1px solid var(--grey); }
.b-not-testable { background:#f4f3ff; color:#5925dc; border:1px solid #5925dc; }
.b-suite-side { background:#f2f4f7; color:#344054; border:1px solid #98a2b3; }
.b-open, .b-description { background:#fff; color:#475467; border:1px dashed #98a2b3; }
.b-no-check { background:#fff; color:var(--amber); border:1px dashed var(--amber); }
.chip { border:1px solid var(--line); border-radius:4px; padding:0 5px; font-size:11.5px; color:var(--grey); }
.chip.decision { border-color:var(--blue); color:var(--blue); } .chip.baseline { border-color:var(--amber); color:var(--amber); }
blockquote { margin:6px 0; padding:4px 12px; border-left:3px solid var(--line); color:#344054; }
.note { margin:6px 0; padding:6px 10px; border-radius:4px; }
.note.decision { background:var(--blue-bg); } .note.reason { background:var(--grey-bg); } .note.baseline { background:var(--amber-bg); }
table.checks { border-collapse:collapse; width:100%; margin:6px 0; }
table.checks td, table.checks th { border-bottom:1px solid var(--line); padding:4px 6px; text-align:left; vertical-align:top; }
table.checks th { font-size:12px; color:var(--grey); font-weight:600; }
.st-passed { color:var(--green); font-weight:600; } .st-failed { color:var(--red); font-weight:700; } .st-skipped { color:var(--grey); }
.rule-word { font-weight:400; color:var(--grey); } .rw-passed b { color:var(--green); } .rw-failed b { color:var(--red); } .rw-finding b { color:var(--amber, #b26a00); }
.evidence { border:1px solid var(--red); border-radius:6px; padding:6px 10px; margin:6px 0; background:#fff; }
.evidence h4 { margin:2px 0 4px; font-size:13px; }
.hidden { display:none !important; }
footer { color:var(--grey); font-size:12px; padding:18px 28px; }
/* A linked entry opens below the sticky filter bar (its height is --bar, set by the script). */
details.req, .box, figure.chart { scroll-margin-top:calc(var(--bar, 52px) + 10px); }
blockquote.q-row .q-col { color:var(--grey); font-weight:600; }
.evidence.fc { border-color:var(--blue); }
.evidence.fc dl { display:grid; grid-template-columns:max-content 1fr; gap:2px 10px; margin:4px 0; }
.evidence.fc dt { color:var(--grey); } .evidence.fc dd { margin:0; word-break:break-all; }
.evidence.deliveries { border-color:var(--blue); }
.delivery { border-top:1px dashed var(--line); padding-top:4px; margin-top:6px; }
.sig { background:var(--blue-bg); border-radius:4px; padding:6px 10px; margin:4px 0; word-break:break-word; }
/* Charts: inline SVG, coloured by the variables above. */
section.charts { display:grid; grid-template-columns:repeat(auto-fit,minmax(420px,1fr)); gap:14px; margin:0 0 16px; align-items:start; }
section.charts-detail { grid-template-columns:1fr; } section.charts-detail figure.chart svg { max-width:820px; }
figure.chart { margin:0; border:1px solid var(--line); border-radius:8px; padding:10px 14px 6px; background:#fff; }
figure.chart figcaption { font-weight:650; font-size:14px; margin-bottom:6px; }
figure.chart .chart-note, p.chart-note { font-weight:400; color:var(--grey); font-size:12.5px; display:block; margin:2px 0 0; }
figure.chart svg { display:block; max-width:100%; height:auto; font-family:system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
figure.chart svg text { font-size:12px; fill:var(--ink); }
figure.chart svg text.lbl { font-weight:600; } figure.chart svg text.lbl-sm { font-size:11.5px; }
figure.chart svg text.val, figure.chart svg text.axis, figure.chart svg text.legend { fill:var(--grey); font-size:11.5px; }
figure.chart svg text.seg { font-size:11px; font-weight:600; }
figure.chart svg text.now-label { font-weight:700; fill:var(--ink); }
.chart-alt { font-size:12px; color:var(--grey); } .chart-alt summary { cursor:pointer; } .chart-alt ul { margin:4px 0; padding-left:18px; }
.c-pass { fill:var(--green); } .c-fail { fill:var(--red); } .c-finding { fill:var(--amber); } .c-info { fill:var(--blue); }
.c-notex { fill:#f79009; } .c-notapp { fill:var(--grey); } .c-nottest { fill:#5925dc; } .c-suite { fill:#98a2b3; } .c-nocheck { fill:var(--amber-bg); stroke:var(--amber); stroke-dasharray:3 2; }
.c-track { fill:var(--grey-bg); }
svg text.c-fail-text { fill:var(--red); font-weight:600; }
svg text.c-pass-ink, svg text.c-fail-ink, svg text.c-finding-ink, svg text.c-notex-ink, svg text.c-notapp-ink, svg text.c-nottest-ink { fill:#fff; }
svg text.c-suite-ink { fill:var(--ink); } svg text.bar-count { fill:#fff; } svg text.c-nocheck-ink { fill:var(--amber); }
.grid { stroke:var(--line); stroke-dasharray:2 3; } .axis-line { stroke:var(--grey); }
.trend-line { fill:none; stroke:var(--blue); stroke-width:2.5; }
circle.now { stroke:var(--ink); stroke-width:1.5; }
`;

/** Filter buttons and search. Works on the `data-verdict` and text of each requirement. */
export const SCRIPT = `
(function () {
  var buttons = document.querySelectorAll('nav.filters button[data-filter]');
  var search = document.getElementById('search');
  var current = 'all';
  function apply() {
    var q = (search.value || '').toLowerCase();
    document.querySelectorAll('details.req').forEach(function (el) {
      var okVerdict = current === 'all' || el.getAttribute('data-verdict') === current;
      var okText = !q || el.textContent.toLowerCase().indexOf(q) >= 0;
      el.classList.toggle('hidden', !(okVerdict && okText));
    });
    document.querySelectorAll('section.spec-section').forEach(function (s) {
      s.classList.toggle('hidden', !s.querySelector('details.req:not(.hidden)'));
    });
  }
  buttons.forEach(function (b) {
    b.addEventListener('click', function () {
      current = b.getAttribute('data-filter');
      buttons.forEach(function (o) { o.classList.toggle('on', o === b); });
      apply();
    });
  });
  search.addEventListener('input', apply);
  document.getElementById('expand').addEventListener('click', function () {
    document.querySelectorAll('details.req:not(.hidden)').forEach(function (d) { d.open = true; });
  });
  document.getElementById('collapse').addEventListener('click', function () {
    document.querySelectorAll('details.req').forEach(function (d) { d.open = false; });
  });
  // The sticky bar's height, for scroll-margin-top: a linked entry opens below it, not under it.
  var bar = document.querySelector('nav.filters');
  function barHeight() { if (bar) document.documentElement.style.setProperty('--bar', bar.offsetHeight + 'px'); }
  window.addEventListener('resize', barHeight);
  barHeight();
  // A link to a requirement opens it, below the bar.
  function openHash() {
    var el = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (el && el.tagName === 'DETAILS') {
      el.open = true;
      el.classList.remove('hidden');
      var s = el.closest('section.spec-section');
      if (s) s.classList.remove('hidden');
      el.scrollIntoView({ block: 'start' });
    }
  }
  window.addEventListener('hashchange', openHash);
  openHash();
})();
`;
