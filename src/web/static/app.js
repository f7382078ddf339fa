// The web side's one script, for niceties only: every page works without it. Served from /static
// under a CSP that runs no inline script.
for (const button of document.querySelectorAll('button.copy-button')) {
  const field = document.getElementById(button.dataset.copy);
  if (!field || !navigator.clipboard) continue;
  const label = button.textContent;
  button.hidden = false;
  button.addEventListener('click', async () => {
    await navigator.clipboard.writeText(field.value);
    button.textContent = button.dataset.copied;
    setTimeout(() => {
      button.textContent = label;
    }, 2000);
  });
}

// A form that asks first (an admin's take-down): without the script it posts as it is.
for (const form of document.querySelectorAll('form[data-confirm]')) {
  form.addEventListener('submit', (event) => {
    if (!window.confirm(form.dataset.confirm)) event.preventDefault();
  });
}
