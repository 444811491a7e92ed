#!/usr/bin/env python3
"""Open `shape-opt --report` pages in headless Chromium and click through them.

    check.py [--screenshots DIR] [--max-functions N] [--without-data] REPORT.html|REPORT_DIR ...

A report is one HTML file, or a directory whose index.html loads each
function's section on demand.  For each report this checks, against the DOM
contract (see scripts/report-check/mock.html for a small example):

  * no console error, no page error, no request leaving file:/data:;
  * a full-page screenshot that is not blank (> 3 colours, no colour > 99%);
  * function links exist, are unique, cover every section in the page, and
    the first function's section (or the URL hash's) is the one visible;
  * per function (the first N; default all, or 10 of a directory report):
    its link shows its section and only it; the forms panel has forms and
    is active at first; clicking source ops one by one (the
    earliest form's, for a function that lowering made) marks the op
    `selected` and exactly the ops naming its own (first) source line `hl`, until some
    std op is highlighted; a changed pass's summary opens a non-empty diff;
    every changed pass, opened, shows a diff (computed by the page's
    script) of the function's IR before the pass into its IR after it, as
    the report's data gives them (unless --without-data, for mock.html): its hunks, in order, are where the two
    differ, what the gaps hide is the same in both, and it removes and adds
    as few lines as can be (their longest common subsequence kept);
    constraint graphs are visible SVGs with nodes; precondition and try
    panels, when present, have their pre/table or a .note saying why not;
  * typing a name in #search hides the links that do not match.

Prints `ok NAME: ...` per report; on the first failure prints `FAIL NAME: ...`
and exits 1.  Chromium: $CHROMIUM, else /usr/bin/chromium.
"""

import argparse
import io
import json
import os
import pathlib
import re
import sys
import time
import urllib.parse

from PIL import Image
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import sync_playwright

VIEWPORT = {"width": 1400, "height": 900}
TIMEOUT_MS = 10_000  # per action / wait: a report is local, 10 s is generous
MAX_OP_CLICKS = 300  # source ops clicked per function before giving up
DIR_FUNCTIONS = 10  # functions clicked through in a directory report
FORMS = ["source", "error-monadic", "constrained", "asserting", "std"]
MAX_EDITS = 1000  # report.js's: past this many, a diff need not be the shortest
LCS_CELLS = 4_000_000  # larger pairs of versions are not checked for the shortest diff


class Fail(Exception):
    """A contract violation: the message says what and where."""


def css_string(s):
    """`s` as a quoted CSS string, for attribute selectors."""
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def section_sel(name):
    return f"section.function[data-function={css_string(name)}]"


# JS run in the page: how many sections are visible, and their names.
JS_VISIBLE_SECTIONS = """() => [...document.querySelectorAll('section.function')]
    .filter(s => !s.hidden && s.checkVisibility()).map(s => s.dataset.function)"""

# JS: after clicking op `i` of `sel` in section `name`, is the highlighting
# right?  Returns what is wrong (if anything) and how many std ops are `hl`.
JS_CHECK_HL = """([name, sel, i]) => {
  const sec = [...document.querySelectorAll('section.function')]
      .find(s => s.dataset.function === name);
  const op = sec.querySelectorAll(sel)[i];
  const lines = l => (l || '').split(/\\s+/).filter(Boolean);
  // An op's own line is its first (the rest are the calls it was inlined
  // or outlined through): its counterparts are the ops that name it.
  const mine = new Set(lines(op.dataset.lines).slice(0, 1));
  const bad = [];
  if (!op.classList.contains('selected')) bad.push('clicked op is not .selected');
  for (const o of sec.querySelectorAll('.op')) {
    if (o === op) continue;
    const shares = lines(o.dataset.lines).some(l => mine.has(l));
    const hl = o.classList.contains('hl');
    if (shares !== hl)
      bad.push((hl ? 'wrongly hl: ' : 'not hl: ') + o.textContent.trim().slice(0, 60)
               + ' [lines ' + o.dataset.lines + ']');
    if (o.classList.contains('selected')) bad.push('another op is .selected too');
  }
  return {bad: bad.slice(0, 3),
          std: sec.querySelectorAll('.form[data-form=std] .op.hl').length};
}"""


def not_blank(png, out=None):
    """Checks a PNG screenshot is not blank; returns 'WxH, N colours'."""
    if out:
        pathlib.Path(out).write_bytes(png)
    img = Image.open(io.BytesIO(png)).convert("RGB")
    colours = img.getcolors(maxcolors=img.width * img.height)
    top = max(c for c, _ in colours) / (img.width * img.height)
    if len(colours) <= 3 or top > 0.99:
        raise Fail(f"screenshot looks blank: {len(colours)} colours, "
                   f"one covers {top:.1%}" + (f" (saved as {out})" if out else ""))
    return f"{img.width}x{img.height} {len(colours)} colours"


def visible(locator):
    return locator.count() > 0 and locator.first.is_visible()


def open_tab(page, sec, tab):
    """Clicks the section's `tab` button if it has one; checks that exactly
    that panel is active and visible.  Returns the panel or None."""
    button = sec.locator(f".tab-button[data-tab={tab}]")
    if button.count() == 0:
        return None
    button.first.click()
    panel = sec.locator(f".tab-panel[data-tab={tab}]")
    check_active(sec, panel, tab)
    return panel


def check_active(sec, panel, tab):
    if panel.count() != 1:
        raise Fail(f"{panel.count()} tab panels for tab {tab!r}")
    if "active" not in (panel.get_attribute("class") or "").split() or not panel.is_visible():
        raise Fail(f"tab panel {tab!r} is not active and visible")
    others = sec.locator(f".tab-panel:not([data-tab={tab}])")
    for k in range(others.count()):
        if others.nth(k).is_visible():
            raise Fail(f"tab panel {others.nth(k).get_attribute('data-tab')!r} "
                       f"is visible while {tab!r} is active")


def report_data(path):
    """The report's data of each function, by name, each with its texts
    (`t`) those of its batch; the page's data script holds them, or, in a
    directory report, the scripts functions/K.js."""
    html = (path / "index.html" if path.is_dir() else path).read_text()
    found = re.search(r'<script type="application/json" id="report-data">(.*?)</script>',
                      html, re.S)
    if not found:
        raise Fail("no script#report-data in the page")
    batches = []
    page = json.loads(found.group(1))
    if "functions" in page:
        batches.append(page["functions"])
    if path.is_dir():
        for script in sorted((path / "functions").glob("*.js")):
            text = script.read_text()
            batches.append(json.loads(text[text.index(",") + 1:text.rindex(")")]))
    functions = {}
    for batch in batches:
        for f in batch["f"]:
            f["t"] = batch["t"]
            functions[f["n"]] = f
    return functions


# JS: opens every changed pass of section `name` and, once each has its
# diff, returns the diffs: per pass, its lines as [class, text].
JS_OPEN_DIFFS = """async (name) => {
  const sec = [...document.querySelectorAll('section.function')]
      .find(s => s.dataset.function === name);
  const passes = [...sec.querySelectorAll('details.pass[data-changed=true]')];
  for (const p of passes) p.open = true;
  for (let i = 0; i < 200 && passes.some(p => !p.querySelector('.diff').firstChild); i++)
    await new Promise(r => setTimeout(r, 10));
  return passes.map(p => [...p.querySelector('.diff').children]
      .map(l => [l.className, l.textContent]));
}"""


def lcs_length(a, b):
    row = [0] * (len(b) + 1)
    for x in a:
        previous = 0  # row[j - 1] of the row before
        for j, y in enumerate(b, 1):
            previous, row[j] = row[j], previous + 1 if x == y else max(row[j], row[j - 1])
    return row[-1]


def check_diff(before, after, shown):
    """Checks `shown`, a rendered diff ([class, text] per line), against
    the texts `before` and `after`; returns what is wrong, or None."""
    signs = {"same": " ", "del": "-", "add": "+"}
    hunks = [[]]
    for cls, text in shown:
        if cls == "gap":
            if text != "⋯" or not hunks[-1]:
                return f"a bad gap line {text!r}"
            hunks.append([])
        elif cls in signs and text[:1] == signs[cls]:
            hunks[-1].append((cls, text[1:]))
        else:
            return f"a bad diff line: class {cls!r}, text {text[:60]!r}"
    if not hunks[-1]:
        return "no lines" if len(hunks) == 1 else "a gap at the end"
    sides = [([t for c, t in h if c != "add"], [t for c, t in h if c != "del"]) for h in hunks]

    def fits(k, b, a):
        """Do hunks k... fit before[b:] and after[a:], after lines hidden
        (by a gap, or before the first hunk) that are the same in both?"""
        if k == len(sides):
            return before[b:] == after[a:]
        old, new = sides[k]
        room = min(len(before) - b - len(old), len(after) - a - len(new))
        for hidden in range(0 if k == 0 else 1, room + 1):
            if hidden and before[b + hidden - 1] != after[a + hidden - 1]:
                return False
            b2, a2 = b + hidden, a + hidden
            if (before[b2:b2 + len(old)] == old and after[a2:a2 + len(new)] == new
                    and fits(k + 1, b2 + len(old), a2 + len(new))):
                return True
        return False

    if not fits(0, 0, 0):
        return "its hunks are not where the versions differ (or a gap hides a change)"
    if len(before) * len(after) <= LCS_CELLS:
        kept = lcs_length(before, after)
        removed = sum(c == "del" for h in hunks for c, _ in h)
        if len(before) + len(after) - 2 * kept <= MAX_EDITS and removed != len(before) - kept:
            return f"it removes {removed} lines where {len(before) - kept} would do"
    return None


def check_diffs(page, name, f, stats):
    """Opens every changed pass of function `name` (data `f`) and checks
    its diff against the versions before and after it."""
    steps = [s for s in f.get("p", []) if s[2] != s[3]]
    shown = page.evaluate(JS_OPEN_DIFFS, name)
    if len(shown) != len(steps):
        raise Fail(f"{len(shown)} changed passes shown, {len(steps)} in its data")
    lines = lambda v: [f["t"][t] for t in f["v"][v]]
    for (pass_name, _, before, after), diff in zip(steps, shown):
        wrong = check_diff(lines(before), lines(after), diff)
        if wrong:
            raise Fail(f"the diff of pass {pass_name} (versions {before} -> {after}): {wrong}")
    stats["diffs"] += len(steps)


def check_function(page, name, data, stats):
    """Shows function `name` through its link and checks its section
    (and its diffs against `data`, its data, unless None)."""
    page.locator(f"a.function-link[data-function={css_string(name)}]").click()
    sec = page.locator(section_sel(name))
    try:  # a directory report may load the section by <script> injection
        sec.wait_for(state="visible")
    except PlaywrightError:
        raise Fail("its link did not show its section")
    shown = page.evaluate(JS_VISIBLE_SECTIONS)
    if shown != [name]:
        raise Fail(f"visible sections after clicking its link: {shown}")

    # Forms: active first; click source ops until a std op is highlighted.
    forms = sec.locator(".tab-panel[data-tab=forms]")
    present = [f for f in FORMS if sec.locator(f".form[data-form={f}]").count()]
    if not present:
        # A function that lowering made and removed within one stage has
        # no form: its panel must then say so (a .note), not stay blank.
        if forms.locator(".note").count() == 0:
            raise Fail("its forms panel is blank: no .form and no .note saying why")
        stats["no_forms"] += 1
    check_active(sec, forms, "forms")
    # A function that lowering made (outlined, say) has no source form: its
    # ops then come from the earliest form it has.
    start = next((f for f in present if f != "std"), "std")
    if present and start != "source":
        stats["no_source"] += 1
    has_std = "std" in present and start != "std"
    sel = f".form[data-form={start}] .op"
    ops = sec.locator(sel)
    if present and ops.count() == 0:
        raise Fail(f"no .op in the {start} form")
    for i in range(min(ops.count(), MAX_OP_CLICKS) if present else 0):
        ops.nth(i).click()
        got = page.evaluate(JS_CHECK_HL, [name, sel, i])
        if got["bad"]:
            raise Fail(f"after clicking {start} op {i} "
                       f"({ops.nth(i).inner_text().strip()[:60]!r}): " + "; ".join(got["bad"]))
        if got["std"]:
            stats["highlights"] += 1
            break
        if not has_std:
            break  # no std form: one correct click is all we can check
    else:
        if present and has_std:
            raise Fail(f"clicking its {ops.count()} {start} ops highlighted no std op")

    # Passes: a changed pass opens onto a non-empty diff.
    passes = open_tab(page, sec, "passes")
    if passes is None:
        raise Fail("no passes tab")
    stats["passes"] += passes.locator("details.pass").count()
    changed = passes.locator("details.pass[data-changed=true]")
    if changed.count() == 0:
        raise Fail("no details.pass[data-changed=true] in the passes panel")
    stats["changed"] += changed.count()
    changed.first.locator("summary").first.click()
    if changed.first.get_attribute("open") is None:
        raise Fail("clicking a changed pass's summary did not open it")
    diff = changed.first.locator(".diff")
    # The page lays the diff out on the details' `toggle` event, which
    # comes after the click returns.
    try:
        diff.first.filter(has_text=re.compile(r"\S")).wait_for(state="visible", timeout=2000)
    except PlaywrightError:
        raise Fail("the opened changed pass has no visible, non-empty .diff")
    if data is not None:
        check_diffs(page, name, data, stats)

    # Constraints: every graph is a visible SVG with nodes.
    panel = open_tab(page, sec, "constraints")
    if panel is not None:
        graphs = panel.locator("figure.graph")
        for k in range(graphs.count()):
            g = graphs.nth(k)
            what = f"graph {g.get_attribute('data-graph')!r}"
            if not visible(g.locator("svg")):
                raise Fail(f"{what}: no visible svg")
            nodes = g.locator("svg g.node")
            if nodes.count() == 0:
                raise Fail(f"{what}: no g.node in its svg")
            if g.locator("svg g.node :is(rect, ellipse)").count() == 0:
                raise Fail(f"{what}: nodes have no rect/ellipse")
        stats["graphs"] += graphs.count()
        # Every drawing's edges name an arrowhead of their own drawing.
        ids = page.evaluate("() => [...document.querySelectorAll('[id]')].map(e => e.id)")
        repeated = sorted({i for i in ids if ids.count(i) > 1})
        if repeated:
            raise Fail(f"ids used twice in the page: {repeated[:3]}")
        removed = panel.locator("li.removed-check")
        if removed.count() != removed.locator("span.reason").count():
            raise Fail("a li.removed-check without a span.reason")

    # Precondition and try, when present (a .note says why one is empty).
    panel = open_tab(page, sec, "precondition")
    if panel is not None and not visible(panel.locator("pre.explain, .note")):
        raise Fail("precondition panel without a visible pre.explain or .note")
    panel = open_tab(page, sec, "try")
    if panel is not None:
        rows = panel.locator("table.samples tr.sample")
        if rows.count() and rows.locator("td.outcome[data-stage]").count() == 0:
            raise Fail("try panel: samples without td.outcome[data-stage] cells")


def check_search(page, names):
    """Types the name matched by the fewest others; non-matching links hide."""
    if len(names) < 2:
        return
    name = min(names, key=lambda n: sum(n.lower() in m.lower() for m in names))
    search = page.locator("#search")
    search.fill(name)
    for n in names:
        link = page.locator(f"a.function-link[data-function={css_string(n)}]")
        if n == name and not link.is_visible():
            raise Fail(f"searching {name!r} hid its own link")
        if name.lower() not in n.lower() and link.is_visible():
            raise Fail(f"searching {name!r} left the link {n!r} visible")
    search.fill("")
    if not all(page.locator(f"a.function-link[data-function={css_string(n)}]").is_visible()
               for n in names):
        raise Fail("clearing the search did not show every link again")


def check_report(browser, path, shots, max_functions, with_data):
    started = time.monotonic()
    index = path / "index.html" if path.is_dir() else path
    url = index.resolve().as_uri()
    page = browser.new_page(viewport=VIEWPORT)
    page.set_default_timeout(TIMEOUT_MS)
    errors = []
    page.on("console", lambda m: m.type == "error" and errors.append(f"console: {m.text}"))
    page.on("pageerror", lambda e: errors.append(f"page error: {e}"))

    def offline(route):  # a report must load nothing from the network
        if route.request.url.split(":", 1)[0] in ("file", "data", "blob", "about"):
            route.continue_()
        else:
            errors.append(f"network request: {route.request.url}")
            route.abort()
    page.route("**/*", offline)

    def no_errors(where):
        if errors:
            raise Fail(f"{where}: " + " | ".join(errors[:3]))

    page.goto(url)
    page.wait_for_load_state("load")
    links = page.locator("nav#functions a.function-link")
    names = [links.nth(k).get_attribute("data-function") for k in range(links.count())]
    if not names:
        raise Fail("no a.function-link in nav#functions")
    if len(set(names)) != len(names):
        raise Fail("duplicate function links")
    if page.locator("nav#functions input#search[type=search]").count() != 1:
        raise Fail("no input#search[type=search] in nav#functions")
    for k, n in enumerate(names):
        if urllib.parse.unquote(links.nth(k).get_attribute("href") or "") != "#" + n:
            raise Fail(f"link {n!r} has href {links.nth(k).get_attribute('href')!r}")
    in_page = page.eval_on_selector_all("section.function", "ss => ss.map(s => s.dataset.function)")
    if set(in_page) - set(names):
        raise Fail(f"sections without a link: {sorted(set(in_page) - set(names))}")
    try:
        page.locator(section_sel(names[0])).wait_for(state="visible")
    except PlaywrightError:
        raise Fail(f"the first function's section ({names[0]!r}) is not visible on load")
    if page.evaluate(JS_VISIBLE_SECTIONS) != [names[0]]:
        raise Fail(f"visible sections on load: {page.evaluate(JS_VISIBLE_SECTIONS)}")
    no_errors("on load")
    shot = not_blank(page.screenshot(full_page=True),
                     shots / (path.stem + ".png") if shots else None)

    data = report_data(path) if with_data else {}
    if with_data and set(data) != set(names):
        raise Fail(f"functions in the data but not the index, or the other way: "
                   f"{sorted(set(data) ^ set(names))[:5]}")
    stats = dict(passes=0, changed=0, diffs=0, graphs=0, highlights=0, no_source=0,
                 no_forms=0)
    # A directory report is a big module: clicking through 10 is enough.
    cap = max_functions or (DIR_FUNCTIONS if path.is_dir() else len(names))
    checked = names[:cap]
    for n in checked:
        try:
            check_function(page, n, data.get(n), stats)
        except (Fail, PlaywrightError) as e:
            raise Fail(f"function {n!r}: {e}")
        no_errors(f"function {n!r}")
    check_search(page, names)
    no_errors("search")

    # The URL hash names the function shown on load.
    if len(names) > 1:
        page.goto(url + "#" + names[-1])
        page.reload()
        try:
            page.locator(section_sel(names[-1])).wait_for(state="visible")
        except PlaywrightError:
            raise Fail(f"loading with #{names[-1]} did not show that function")
        if page.evaluate(JS_VISIBLE_SECTIONS) != [names[-1]]:
            raise Fail(f"visible sections on load of #{names[-1]}: "
                       f"{page.evaluate(JS_VISIBLE_SECTIONS)}")
        no_errors("load with a hash")
    page.close()
    return (f"{len(names)} functions ({len(checked)} clicked through, "
            f"{stats['no_source']} without a source form, {stats['no_forms']} without forms), "
            f"{stats['passes']} passes ({stats['changed']} changed, "
            f"{stats['diffs']} diffs checked against the data), "
            f"{stats['graphs']} graphs, {stats['highlights']} std highlights, "
            f"screenshot {shot}, {time.monotonic() - started:.1f}s")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("reports", nargs="+", type=pathlib.Path)
    ap.add_argument("--screenshots", type=pathlib.Path, help="save full-page PNGs here")
    ap.add_argument("--max-functions", type=int, default=0,
                    help="click through only the first N functions "
                         f"(0: all, or {DIR_FUNCTIONS} of a directory report)")
    ap.add_argument("--without-data", action="store_true",
                    help="the pages carry no report data (mock.html): check no diff against it")
    args = ap.parse_args()
    if args.screenshots:
        args.screenshots.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(
            headless=True,
            executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"),
            args=["--no-sandbox"])  # CI runs as root
        for path in args.reports:
            try:
                print(f"ok {path.name}: "
                      + check_report(browser, path, args.screenshots, args.max_functions,
                                     not args.without_data),
                      flush=True)
            except (Fail, PlaywrightError) as e:
                print(f"FAIL {path.name}: {e}", file=sys.stderr, flush=True)
                return 1
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
