//! Looking at and acting on a page: elements, clicks, keys, scripts,
//! screenshots, and the checks every page must pass.

use super::until;
use fantoccini::{Client, Locator};
use serde_json::Value;
use std::path::Path;

/// Saves a screenshot of `client` as `target/screenshots/NAME.png`.
pub async fn screenshot(client: &Client, name: &str) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
    std::fs::create_dir_all(&dir).expect("target/screenshots");
    let png = client.screenshot().await.expect("a screenshot");
    std::fs::write(dir.join(format!("{name}.png")), png).expect("the screenshot is written");
}

/// An attribute of the first element matching `css`, if there is one.
pub async fn attr(client: &Client, css: &str, name: &str) -> Option<String> {
    let el = client.find(Locator::Css(css)).await.ok()?;
    el.attr(name).await.ok().flatten()
}

/// Whether an element matches `css`.
pub async fn exists(client: &Client, css: &str) -> bool {
    client.find(Locator::Css(css)).await.is_ok()
}

/// What to do after a WebDriver command on an element failed: an element
/// the page has since drawn again ("stale") is looked for afresh; any
/// other error fails the test.
fn retry_if_stale<T>(result: Result<T, fantoccini::error::CmdError>, what: &str) -> Option<T> {
    match result {
        Ok(v) => Some(v),
        Err(e) if e.is_stale_element_reference() => None,
        Err(e) => panic!("{what}: {e}"),
    }
}

/// Clicks the element matching `css`, waiting for it to be there and
/// enabled. The page draws itself again on every message from the server,
/// so an element found a moment ago may be gone: it is found again.
pub async fn click(client: &Client, css: &str) {
    until(&format!("{css} to click"), || async {
        let el = client.find(Locator::Css(css)).await.ok()?;
        if !retry_if_stale(el.is_enabled().await, css)? {
            return None;
        }
        retry_if_stale(el.click().await, &format!("click {css}"))
    })
    .await;
}

/// Chooses `value` in the drop-down list matching `css` (found again if
/// the page drew itself anew meanwhile).
pub async fn choose(client: &Client, css: &str, value: &str) {
    until(&format!("{value} chosen in {css}"), || async {
        let el = client.find(Locator::Css(css)).await.ok()?;
        retry_if_stale(el.select_by_value(value).await, css)
    })
    .await;
}

/// Types `text` into the field matching `css` (after clearing it).
pub async fn type_into(client: &Client, css: &str, text: &str) {
    until(&format!("{css} to type into"), || async {
        let el = client.find(Locator::Css(css)).await.ok()?;
        retry_if_stale(el.clear().await, css)?;
        retry_if_stale(el.send_keys(text).await, css)
    })
    .await;
}

/// Runs a script in the page and returns its value.
pub async fn js(client: &Client, script: &str) -> Value {
    client.execute(script, vec![]).await.expect("a script runs")
}

/// Fails if the page is wider than its window (something would have to be
/// scrolled sideways): the layout must reflow at 200% zoom and on phones.
pub async fn check_fits(client: &Client, what: &str) {
    let v = js(
        client,
        "return [document.documentElement.scrollWidth, window.innerWidth];",
    )
    .await;
    let (page, window) = (v[0].as_u64(), v[1].as_u64());
    assert!(
        page <= window,
        "{what}: the page is {page:?} px wide in a {window:?} px window"
    );
}

/// Fails unless the question panel's top is on the screen: a new question
/// is brought into view, on a phone and at a high zoom too, where it sits
/// below the table.
pub async fn check_question_in_view(client: &Client, what: &str) {
    let v = js(
        client,
        "const q = document.getElementById('question'); \
         return q ? [q.getBoundingClientRect().top, window.innerHeight] : null;",
    )
    .await;
    let (top, height) = (v[0].as_f64(), v[1].as_f64());
    assert!(
        matches!((top, height), (Some(t), Some(h)) if t >= -1.0 && t < h),
        "{what}: the question panel is off the screen (top {top:?}, window {height:?})"
    );
}

/// Fails unless the page can be used without seeing it: every button,
/// link and field has a name a screen reader can say (its text, an
/// `aria-label`, or the label around it), every die is a button with
/// words or part of an image with words (hidden dice: one image for the
/// five), and the pictures themselves are hidden from screen readers.
pub async fn check_accessible(client: &Client, what: &str) {
    let v = js(
        client,
        "const name = (e) => (e.getAttribute('aria-label') || e.textContent || '').trim() \
           || (e.closest('label') ? e.closest('label').textContent.trim() : '') \
           || (e.id && document.querySelector(`label[for='${e.id}']`) ? 'label' : '') \
           || (e.getAttribute('placeholder') || '').trim(); \
         const bad = []; \
         for (const e of document.querySelectorAll('button, a[href], input, select')) { \
           if (!name(e)) bad.push(e.outerHTML.slice(0, 120)); } \
         for (const e of document.querySelectorAll('.die')) { \
           const pictured = e.closest('[role=img]'); \
           const ok = e.tagName === 'BUTTON' ? name(e) : pictured && name(pictured); \
           if (!ok) bad.push(e.outerHTML.slice(0, 120)); } \
         for (const e of document.querySelectorAll('svg')) { \
           if (e.getAttribute('aria-hidden') !== 'true' && !e.getAttribute('aria-label')) \
             bad.push(e.outerHTML.slice(0, 120)); } \
         return bad;",
    )
    .await;
    let bad = v.as_array().cloned().unwrap_or_default();
    assert!(bad.is_empty(), "{what}: elements without words: {bad:#?}");
}

/// Presses `keys` on the page (not in a field), as a person at a keyboard.
pub async fn press(client: &Client, keys: &str) {
    let body = client.find(Locator::Css("body")).await.expect("the body");
    body.send_keys(keys)
        .await
        .unwrap_or_else(|e| panic!("pressing {keys:?}: {e}"));
}
