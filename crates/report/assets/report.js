// shape-opt report: builds a function's section from its data (html.rs
// says what the data holds and what the page's structure is) when the
// function is first shown, and a pass's diff when the pass is first
// opened; runs the function index and search, the tabs, and the
// highlighting of an op's counterparts (ops that name the op's own source
// line).
(function () {
  "use strict";
  const detail = document.getElementById("detail");
  const links = Array.from(document.querySelectorAll(".function-link"));
  const page = JSON.parse(document.getElementById("report-data").textContent);
  const passTotals = new Map(Object.entries(page.passes));
  const FUNCTIONS_PER_SCRIPT = Number(detail.dataset.functionsPerScript);
  // Each function's data by index, its texts (`t`) those of its batch:
  // all of them in a single-file report, those of the scripts loaded so
  // far in a directory report.
  const functions = [];
  const sections = [];
  let shown = null;
  let wanted = null;

  // An element `tag` with attributes `attributes` (those undefined left
  // out) and `children`: elements, or strings as text.
  function el(tag, attributes, children) {
    const e = document.createElement(tag);
    for (const name in attributes) {
      if (attributes[name] !== undefined) e.setAttribute(name, attributes[name]);
    }
    for (const child of children || []) e.append(child);
    return e;
  }

  function note(text) {
    return el("p", { class: "note" }, [text]);
  }

  // A printed line as a form shows it: an op with the source lines it
  // came from, or a plain line (a brace, a block label).
  function line(text, lines, facts) {
    const content = text === "" ? " " : text;
    if (lines.length === 0) return el("span", { class: "plain" }, [content]);
    return el("span", { class: "op", "data-lines": lines.join(" "), title: facts }, [content]);
  }

  function form(label, lines) {
    return el("div", { class: "form", "data-form": label }, [
      el("h3", {}, [label]),
      el("pre", {}, lines),
    ]);
  }

  function formsPanel(f) {
    if (!f.s && !f.f) {
      return [note("No form of this function was recorded: a pass made it " +
        "and another removed it (inlined it, or found it dead) within one stage; " +
        "the Passes tab shows both.")];
    }
    const forms = [];
    if (f.s) {
      const first = f.s[0];
      forms.push(form("source", f.s[1].map(function (text, k) {
        return line(text, [first + k]);
      })));
    }
    for (const x of f.f || []) {
      const facts = new Map(x.h || []);
      forms.push(form(x.l, x.o.map(function (o, k) {
        return line(f.t[o[0]], o.slice(1), facts.get(k));
      })));
    }
    return [el("div", { class: "forms" }, forms)];
  }

  // Unchanged lines shown around a change in a pass's diff.
  const CONTEXT = 2;
  // Past this many removed and added lines between the common head and
  // tail of two versions, a diff stops looking for the fewest and shows
  // all of the middle as removed and added (the search takes time
  // (N+M)·D and memory D²).
  const MAX_EDITS = 1000;
  const SAME = 0, DEL = 1, ADD = 2;

  // The fewest removals and additions turning `a` into `b` (arrays of
  // line ids), Myers' O(ND) search: a list of [SAME|DEL|ADD, line id], or
  // null past MAX_EDITS.
  function shortestEdits(a, b) {
    const n = a.length, m = b.length;
    const limit = Math.min(n + m, MAX_EDITS);
    // v[k + offset]: the furthest x reached on diagonal k = x - y.
    const offset = limit + 1;
    const v = new Int32Array(2 * limit + 3);
    // trace[d]: v on diagonals -d..d before round d.
    const trace = [];
    let found = -1;
    for (let d = 0; d <= limit && found < 0; d++) {
      trace.push(v.slice(offset - d, offset + d + 1));
      for (let k = -d; k <= d; k += 2) {
        let x = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1])
          ? v[offset + k + 1]
          : v[offset + k - 1] + 1;
        let y = x - k;
        while (x < n && y < m && a[x] === b[y]) { x++; y++; }
        v[offset + k] = x;
        if (x >= n && y >= m) { found = d; break; }
      }
    }
    if (found < 0) return null;
    const edits = [];
    let x = n, y = m;
    for (let d = found; d > 0; d--) {
      const before = trace[d];
      const k = x - y;
      const down = k === -d || (k !== d && before[k - 1 + d] < before[k + 1 + d]);
      const previousK = down ? k + 1 : k - 1;
      const previousX = before[previousK + d];
      const previousY = previousX - previousK;
      while (x > previousX && y > previousY) {
        edits.push([SAME, a[--x]]);
        y--;
      }
      if (down) edits.push([ADD, b[--y]]);
      else edits.push([DEL, a[--x]]);
    }
    while (x > 0) edits.push([SAME, a[--x]]);
    return edits.reverse();
  }

  // `a` against `b` line by line: every line of both as [SAME|DEL|ADD,
  // line id], in order, the removals of each change before its additions.
  function lineDiff(a, b) {
    let head = 0;
    while (head < a.length && head < b.length && a[head] === b[head]) head++;
    let tail = 0;
    while (tail < a.length - head && tail < b.length - head &&
           a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
    const oldMiddle = a.slice(head, a.length - tail);
    const newMiddle = b.slice(head, b.length - tail);
    const middle = shortestEdits(oldMiddle, newMiddle) ||
      oldMiddle.map(function (t) { return [DEL, t]; })
        .concat(newMiddle.map(function (t) { return [ADD, t]; }));
    const out = a.slice(0, head).map(function (t) { return [SAME, t]; });
    let removed = [], added = [];
    const flush = function () {
      for (const e of removed.concat(added)) out.push(e);
      removed = [];
      added = [];
    };
    for (const e of middle) {
      if (e[0] === SAME) { flush(); out.push(e); }
      else (e[0] === DEL ? removed : added).push(e);
    }
    flush();
    for (const t of a.slice(a.length - tail)) out.push([SAME, t]);
    return out;
  }

  // The lines of `diff` worth showing: every change with CONTEXT unchanged
  // lines around it; of a longer run of unchanged lines between two
  // changes, CONTEXT after the first and before the second with a gap
  // (null) between. Nothing if nothing changed.
  function hunks(diff) {
    const out = [];
    let i = 0;
    while (i < diff.length) {
      if (diff[i][0] !== SAME) { out.push(diff[i++]); continue; }
      let end = i;
      while (end < diff.length && diff[end][0] === SAME) end++;
      const afterChange = i > 0, beforeChange = end < diff.length;
      const keepHead = afterChange ? Math.min(CONTEXT, end - i) : 0;
      const keepTail = beforeChange ? Math.min(CONTEXT, end - i - keepHead) : 0;
      for (let k = i; k < i + keepHead; k++) out.push(diff[k]);
      if (afterChange && beforeChange && end - i > 2 * CONTEXT) out.push(null);
      for (let k = end - keepTail; k < end; k++) out.push(diff[k]);
      i = end;
    }
    return out;
  }

  // Fills `pre` with the diff of versions `before` and `after` of `f`.
  function fillDiff(pre, f, before, after) {
    const marks = ["same", "del", "add"], signs = [" ", "-", "+"];
    for (const h of hunks(lineDiff(f.v[before], f.v[after]))) {
      pre.append(h === null
        ? el("span", { class: "gap" }, ["⋯"])
        : el("span", { class: marks[h[0]] }, [signs[h[0]] + f.t[h[1]]]));
    }
  }

  function passStep(f, step) {
    const pass = step[0], micros = step[1], before = step[2], after = step[3];
    const summary = passTotals.get(pass);
    const changed = before !== after;
    const pre = el("pre", { class: "diff" });
    const details = el("details", { class: "pass", "data-changed": String(changed) }, [
      el("summary", {}, [pass + " · " + (micros / 1e3).toFixed(3) + " ms here" +
        (summary === undefined ? "" : " · pass total " + summary)]),
      pre,
    ]);
    if (changed) {
      details.addEventListener("toggle", function () {
        fillDiff(pre, f, before, after);
      }, { once: true });
    }
    return details;
  }

  function passesPanel(f) {
    if (!f.p) return [note("No pass ran on this function.")];
    const out = [];
    let unchanged = [];
    const flush = function () {
      if (unchanged.length === 0) return;
      const names = unchanged.map(function (s) { return s[0]; }).join(", ");
      out.push(el("details", { class: "unchanged-group" }, [
        el("summary", {}, [unchanged.length + " passes changed nothing: " + names]),
      ].concat(unchanged.map(function (s) { return passStep(f, s); }))));
      unchanged = [];
    };
    for (const step of f.p) {
      if (step[2] === step[3]) {
        unchanged.push(step);
      } else {
        flush();
        out.push(passStep(f, step));
      }
    }
    flush();
    return out;
  }

  const CAPTIONS = new Map([
    ["before", "Witness DAG before canonicalize-constraints"],
    ["after", "Witness DAG after canonicalize-constraints"],
    ["egraph", "E-graph of canonicalize-constraints"],
  ]);

  function constraintsPanel(f) {
    const removed = f.r || [];
    const out = [el("h3", {}, ["Checks removed or merged (" + removed.length + ")"])];
    if (removed.length === 0) {
      out.push(note("No pass removed or merged a check of this function."));
    } else {
      out.push(el("ol", { class: "removed" }, removed.map(function (r) {
        return el("li", { class: "removed-check", "data-pass": r[3] }, [
          el("span", { class: "where" }, [r[0] + ":" + r[1]]),
          " ",
          el("span", { class: "reason" }, [r[2]]),
          " ",
          el("span", { class: "pass-name" }, ["(" + r[3] + ")"]),
        ]);
      })));
    }
    if (!f.g) out.push(note("canonicalize-constraints drew no picture of this function."));
    for (const p of f.g || []) {
      const figure = el("figure", { class: "graph", "data-graph": p.g }, [
        el("figcaption", {}, [CAPTIONS.get(p.g) || p.g]),
      ]);
      const drawn = p.as === undefined ? p : f.g[p.as];
      // The SVG is the report's own drawing, not text from the input.
      if (drawn.svg !== undefined) figure.insertAdjacentHTML("beforeend", ownIds(drawn.svg));
      else figure.append(note("cannot draw: " + drawn.err));
      out.push(figure);
    }
    return out;
  }

  // A drawing's arrowhead id (its style and edges name it) is the same for
  // equal graphs; each copy on the page gets its own, or the edges of one
  // would point at the arrowhead of another, hidden in another section.
  let drawings = 0;
  function ownIds(svg) {
    const id = /id="(graph-svg-[0-9a-z]+)"/.exec(svg);
    drawings += 1;
    return id ? svg.split(id[1]).join(id[1] + "-" + drawings) : svg;
  }

  function preconditionPanel(f) {
    if (f.e === undefined) {
      return [note("No explanation: the function was not reached in a form `--explain` reads.")];
    }
    return [el("pre", { class: "explain" }, [f.e])];
  }

  // What an outcome says, for comparing stages: `ok` and its values, or
  // that it failed (messages may be worded differently per stage); null
  // agrees with anything.
  function verdict(outcome) {
    if (outcome.startsWith("ok")) return outcome;
    if (outcome.startsWith("error")) return "error";
    return null;
  }

  function samplesPanel(f) {
    if (!f.x) {
      return [note("No sampled input: the function's parameters cannot be sampled.")];
    }
    const stages = f.x.s;
    const rows = [el("tr", {}, [el("th", {}, ["arguments"])].concat(stages.map(function (s) {
      return el("th", {}, [s]);
    })))];
    let firstDifference = null;
    for (const row of f.x.r) {
      const outcomes = row.slice(1);
      const verdicts = outcomes.map(verdict).filter(function (v) { return v !== null; });
      const differs = verdicts.some(function (v, k) { return k > 0 && v !== verdicts[k - 1]; });
      if (differs && firstDifference === null) {
        const k = outcomes.findIndex(function (o, k) {
          const a = k > 0 ? verdict(outcomes[k - 1]) : null, b = verdict(o);
          return a !== null && b !== null && a !== b;
        });
        if (k > 0) firstDifference = [row[0], stages[k]];
      }
      rows.push(el("tr", { class: differs ? "sample differs" : "sample" },
        [el("td", { class: "args" }, [row[0]])].concat(outcomes.map(function (o, k) {
          return el("td", { class: "outcome", "data-stage": stages[k] }, [o]);
        }))));
    }
    return [
      el("table", { class: "samples" }, [el("tbody", {}, rows)]),
      firstDifference === null
        ? note("Every stage gives the same outcome on every sample.")
        : el("p", { class: "first-difference" }, ["On " + firstDifference[0] +
          " the outcome first differs in the " + firstDifference[1] + " form."]),
    ];
  }

  const TABS = [
    ["forms", "Forms", formsPanel],
    ["passes", "Passes", passesPanel],
    ["constraints", "Constraints", constraintsPanel],
    ["precondition", "Precondition", preconditionPanel],
    ["try", "Try it", samplesPanel],
  ];

  function select(section, op) {
    section.querySelectorAll(".op.hl, .op.selected").forEach(function (x) {
      x.classList.remove("hl", "selected");
    });
    op.classList.add("selected");
    // An op's own line is its first; the others are the calls it was
    // inlined or outlined through. Its counterparts are the ops that name
    // its own line.
    const lines = new Set(op.dataset.lines.split(" ").filter(Boolean).slice(0, 1));
    if (lines.size === 0) return;
    section.querySelectorAll(".op").forEach(function (x) {
      if (x.dataset.lines.split(" ").some(function (l) { return lines.has(l); })) {
        x.classList.add("hl");
      }
    });
  }

  // Function `index`'s section, built from its data `f`.
  function section(index, f) {
    const s = el("section", { class: "function", "data-function": f.n, "data-index": index }, [
      el("h2", {}, ["@" + f.n]),
      el("div", { class: "tabs" }, TABS.map(function (tab, n) {
        return el("button", { class: n === 0 ? "tab-button active" : "tab-button", "data-tab": tab[0] },
          [tab[1]]);
      })),
    ].concat(TABS.map(function (tab, n) {
      return el("div", { class: n === 0 ? "tab-panel active" : "tab-panel", "data-tab": tab[0] },
        tab[2](f));
    })));
    s.addEventListener("click", function (event) {
      const button = event.target.closest(".tab-button");
      if (button) {
        s.querySelectorAll(".tab-button, .tab-panel").forEach(function (x) {
          x.classList.toggle("active", x.dataset.tab === button.dataset.tab);
        });
      }
      const op = event.target.closest(".op");
      if (op) select(s, op);
    });
    return s;
  }

  function show(index) {
    if (!sections[index]) {
      const f = functions[index];
      if (!f) {
        // A directory report keeps functions in scripts of
        // FUNCTIONS_PER_SCRIPT each (html.rs): functions/K.js.
        wanted = index;
        const chunk = Math.floor(index / FUNCTIONS_PER_SCRIPT);
        if (!document.getElementById("load-" + chunk)) {
          const script = el("script", { id: "load-" + chunk, src: "functions/" + chunk + ".js" });
          document.head.appendChild(script);
        }
        return;
      }
      sections[index] = section(index, f);
      sections[index].hidden = true;
      detail.appendChild(sections[index]);
    }
    if (shown !== null) sections[shown].hidden = true;
    sections[index].hidden = false;
    shown = index;
    wanted = null;
    links.forEach(function (l) {
      l.classList.toggle("current", l.dataset.index === String(index));
    });
  }

  // Takes in the batch of data of functions `first` onwards.
  function load(first, batch) {
    batch.f.forEach(function (f, k) {
      f.t = batch.t;
      functions[first + k] = f;
    });
  }

  // Called by functions/K.js.
  window.shapeOptData = function (first, batch) {
    load(first, batch);
    if (wanted !== null && functions[wanted]) show(wanted);
  };
  if (page.functions) load(0, page.functions);

  links.forEach(function (link) {
    link.addEventListener("click", function (event) {
      event.preventDefault();
      show(Number(link.dataset.index));
      history.replaceState(null, "", "#" + encodeURIComponent(link.dataset.function));
    });
  });

  document.getElementById("search").addEventListener("input", function (event) {
    const text = event.target.value.toLowerCase();
    links.forEach(function (link) {
      link.parentElement.hidden = !link.dataset.function.toLowerCase().includes(text);
    });
  });

  const hash = decodeURIComponent(location.hash.slice(1));
  const start = links.find(function (l) { return l.dataset.function === hash; }) || links[0];
  if (start) show(Number(start.dataset.index));
})();
