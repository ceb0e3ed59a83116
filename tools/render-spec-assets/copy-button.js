// The copy buttons of code blocks (tools/render-spec): a click copies the button's `data-copy`,
// the exact value (a wrapped hex or base64url value without its line breaks). The Clipboard API
// needs a secure context, which a page opened from disk may not be, so the fallback copies
// through a hidden text area. Nothing is fetched.
document.addEventListener("click", function (event) {
  var button = event.target.closest ? event.target.closest("button.copy") : null;
  if (!button) return;
  var value = button.getAttribute("data-copy");
  function finish(copied) {
    button.textContent = copied ? "copied" : "copy failed";
    setTimeout(function () { button.textContent = "copy"; }, 1500);
  }
  function fallback() {
    var area = document.createElement("textarea");
    area.value = value;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    var copied = false;
    try { copied = document.execCommand("copy"); } catch (error) { copied = false; }
    document.body.removeChild(area);
    finish(copied);
  }
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(value).then(function () { finish(true); }, fallback);
  } else {
    fallback();
  }
});
