// shape-opt report: function index and search, tabs, and the highlighting
// of an op's counterparts (ops that name the op's own source line).
(function () {
  "use strict";
  const detail = document.getElementById("detail");
  const links = Array.from(document.querySelectorAll(".function-link"));
  const FUNCTIONS_PER_SCRIPT = Number(detail.dataset.functionsPerScript || 1);
  let wanted = null;

  function sectionOf(index) {
    return detail.querySelector('section.function[data-index="' + index + '"]');
  }

  function show(index) {
    const section = sectionOf(index);
    if (!section) {
      // A large report keeps functions in scripts of FUNCTIONS_PER_SCRIPT
      // each (html.rs): functions/K.js.
      wanted = index;
      const chunk = Math.floor(index / FUNCTIONS_PER_SCRIPT);
      if (!document.getElementById("load-" + chunk)) {
        const script = document.createElement("script");
        script.id = "load-" + chunk;
        script.src = "functions/" + chunk + ".js";
        document.head.appendChild(script);
      }
      return;
    }
    detail.querySelectorAll("section.function").forEach(function (s) {
      s.hidden = s !== section;
    });
    links.forEach(function (l) {
      l.classList.toggle("current", l.dataset.index === String(index));
    });
  }

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

  function wire(section) {
    section.querySelectorAll(".tab-button").forEach(function (button) {
      button.addEventListener("click", function () {
        section.querySelectorAll(".tab-button, .tab-panel").forEach(function (x) {
          x.classList.toggle("active", x.dataset.tab === button.dataset.tab);
        });
      });
    });
    section.querySelectorAll(".op").forEach(function (op) {
      op.addEventListener("click", function () { select(section, op); });
    });
  }

  // Called by functions/K.js, once per function it holds.
  window.shapeOptSection = function (index, html) {
    const template = document.createElement("template");
    template.innerHTML = html;
    const section = template.content.firstElementChild;
    section.hidden = true;
    detail.appendChild(section);
    wire(section);
    if (wanted === index) show(index);
  };

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

  detail.querySelectorAll("section.function").forEach(wire);
  const hash = decodeURIComponent(location.hash.slice(1));
  const start = links.find(function (l) { return l.dataset.function === hash; }) || links[0];
  if (start) show(Number(start.dataset.index));
})();
