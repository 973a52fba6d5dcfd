/*
 * A stand-in for Google's `gapi.iframes` loader (https://apis.google.com/js/api.js), served by the
 * browser tests in its place since no test may reach the internet. The Firebase SDK (in the page)
 * and the Auth Emulator's helper iframe (its child) use it only to pass messages to each other:
 * the child sends the popup's sign-in result up, the parent acknowledges. This implements exactly
 * that with postMessage; the popup page, the emulator and the SDK themselves are the real ones.
 */
(() => {
  if (window.gapi?.iframes) return;
  const TAG = "precis-gapi-stand-in";

  /** One end of a request/response channel with `target`; requests wait for their handler. */
  function connect(target, onReady) {
    const handlers = {};
    const pending = {};
    const waiting = [];
    let nextId = 0;
    const answer = (message) => {
      const handler = handlers[message.type];
      if (!handler) {
        waiting.push(message);
        return;
      }
      target().postMessage({ tag: TAG, kind: "response", id: message.id, data: [handler(message.data)] }, "*");
    };
    window.addEventListener("message", (event) => {
      const message = event.data;
      if (event.source !== target() || !message || message.tag !== TAG) return;
      if (message.kind === "ready") onReady?.();
      else if (message.kind === "request") answer(message);
      else if (message.kind === "response") {
        const callback = pending[message.id];
        delete pending[message.id];
        callback?.(message.data);
      }
    });
    return {
      register(type, handler) {
        handlers[type] = handler;
        for (const message of waiting.splice(0)) answer(message);
      },
      send(type, data, callback) {
        nextId += 1;
        pending[nextId] = callback;
        target().postMessage({ tag: TAG, kind: "request", id: nextId, type, data }, "*");
      },
    };
  }

  const context = {
    /** Parent side: embeds the iframe and gives the caller its end of the channel. */
    open(params, callback) {
      const element = document.createElement("iframe");
      for (const [name, value] of Object.entries(params.attributes ?? {})) {
        if (name === "style") Object.assign(element.style, value);
        else element.setAttribute(name, value);
      }
      element.src = params.url;
      let isReady = false;
      const readyCallbacks = [];
      const channel = connect(
        () => element.contentWindow,
        () => {
          isReady = true;
          for (const readyCallback of readyCallbacks.splice(0)) readyCallback();
        },
      );
      (params.where ?? document.body).appendChild(element);
      const iframe = {
        ...channel,
        restyle: () => Promise.resolve(),
        ping: (callback) =>
          new Promise((resolve) => {
            const done = () => {
              callback?.();
              resolve();
            };
            if (isReady) done();
            else readyCallbacks.push(done);
          }),
      };
      return Promise.resolve(callback ? callback(iframe) : iframe);
    },
    /** Child side: the channel to the page that embeds this frame. */
    getParentIframe() {
      const channel = connect(() => window.parent);
      window.parent.postMessage({ tag: TAG, kind: "ready" }, "*");
      return channel;
    },
  };

  window.gapi = {
    load(_modules, options) {
      setTimeout(() => (typeof options === "function" ? options() : options.callback()));
    },
    iframes: { getContext: () => context, CROSS_ORIGIN_IFRAMES_FILTER: () => true },
  };

  // The loader calls back the function named in its `onload` query parameter, or `gapi_onload`.
  const onload = new URL(document.currentScript?.src ?? location.href).searchParams.get("onload");
  setTimeout(() => {
    if (onload && typeof window[onload] === "function") window[onload]();
    else if (typeof window.gapi_onload === "function") window.gapi_onload();
  });
})();
