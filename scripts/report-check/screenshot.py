#!/usr/bin/env python3
"""A 2000x900 picture of a report's first function, forms panel, for README.

    screenshot.py REPORT.html|REPORT_DIR OUT.png [--click-op LINE]

With --click-op, first clicks the source form's `.op` whose data-lines holds
LINE, so that the picture shows the ops of every form highlighted for it.
Chromium: $CHROMIUM, else /usr/bin/chromium.
"""

import argparse
import os
import pathlib
import sys

from playwright.sync_api import sync_playwright


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("report", type=pathlib.Path)
    ap.add_argument("out", type=pathlib.Path)
    ap.add_argument("--click-op", metavar="LINE", help="source line whose op to click")
    args = ap.parse_args()
    index = args.report / "index.html" if args.report.is_dir() else args.report
    with sync_playwright() as p:
        browser = p.chromium.launch(
            headless=True,
            executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"),
            args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 2000, "height": 900})
        page.set_default_timeout(10_000)
        page.goto(index.resolve().as_uri())
        # The section shown on load is the first function's.
        sec = page.locator("section.function:not([hidden])").first
        sec.wait_for(state="visible")
        forms = sec.locator(".tab-button[data-tab=forms]")
        if forms.count():
            forms.first.click()
        if args.click_op:
            ops = sec.locator(".form[data-form=source] .op")
            match = [k for k in range(ops.count())
                     if args.click_op in (ops.nth(k).get_attribute("data-lines") or "").split()]
            if not match:
                sys.exit(f"report-screenshot: no source op from line {args.click_op}")
            ops.nth(match[0]).click()
        sec.locator(".tab-panel[data-tab=forms]").scroll_into_view_if_needed()
        page.screenshot(path=str(args.out))
        browser.close()
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
