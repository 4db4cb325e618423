// Opening a table or a tournament from the lobby: POST the settings (with the server's host key when it
// wants one), then go to the host's link, or say why not in `error`.

// A server open to the internet wants its host key to open a table: given once as /#key=KEY (then taken
// out of the address bar) or typed when asked, and kept for this tab.
const HOST_KEY = "homegame.hostKey";
if (location.hash.startsWith("#key=")) {
  sessionStorage.setItem(HOST_KEY, decodeURIComponent(location.hash.slice(5)));
  history.replaceState(null, "", location.pathname + location.search);
}

async function post(path, body) {
  const send = () => fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json", "x-homegame-host-key": sessionStorage.getItem(HOST_KEY) || "" },
    body: JSON.stringify(body),
  });
  let response = await send();
  if (response.status === 401) {
    const key = window.prompt("This server needs its host key to open a table. Host key:");
    if (key) {
      sessionStorage.setItem(HOST_KEY, key.trim());
      response = await send();
    }
  }
  return response;
}

// On `form`'s submit: `build(formData)` the body (an Error it throws is said in `error`), then openAndGo.
export function openFrom(form, error, path, build, words) {
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    let body;
    try {
      body = build(new FormData(form));
    } catch (e) {
      error.textContent = e.message;
      return;
    }
    await openAndGo(path, body, error, words);
  });
}

// POST `body` to `path` and go to the host's link; a refusal is said in `error` (`words` turns its detail into sentences).
async function openAndGo(path, body, error, words) {
  let response;
  let data;
  try {
    response = await post(path, body);
    data = await response.json();
  } catch {
    error.textContent = "The server did not answer: is it running?";
    return;
  }
  if (!response.ok) {
    error.textContent = words(data.detail);
    return;
  }
  location.href = data.links.host;
}
