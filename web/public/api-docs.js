// The API reference page's script (worker/openapi/renderer.ts serves the page): renders /api/openapi.json.
(() => {
  const css = new CSSStyleSheet();
  css.replaceSync(`body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1c1c1e;background:#fafafa}
main{max-width:980px;margin:0 auto;padding:24px}h1{margin:0 0 4px}h2{margin:32px 0 8px;border-bottom:1px solid #ddd}
details{background:#fff;border:1px solid #e3e3e3;border-radius:8px;margin:6px 0}summary{cursor:pointer;padding:8px 12px;display:flex;gap:10px;align-items:baseline}
.m{font:600 12px monospace;text-transform:uppercase;min-width:52px}.get{color:#0a7}.post{color:#06c}.put{color:#a60}.delete{color:#c22}
code,pre{font:13px ui-monospace,monospace}pre{background:#f3f3f3;padding:8px;border-radius:6px;overflow:auto;max-height:360px}
.body{padding:0 12px 12px}.lock{color:#a60}table{border-collapse:collapse}td,th{border-bottom:1px solid #eee;padding:2px 8px;text-align:left}`);
  document.adoptedStyleSheets = [css];
  const el = (tag, props = {}, ...children) => {
    const e = Object.assign(document.createElement(tag), props);
    e.append(...children);
    return e;
  };
  const json = (value) => el('pre', { textContent: JSON.stringify(value, null, 2) });
  fetch('/api/openapi.json')
    .then((r) => r.json())
    .then((doc) => {
      const root = document.getElementById('docs');
      root.replaceChildren(
        el('h1', { textContent: doc.info.title }),
        el(
          'p',
          { textContent: `Version ${doc.info.version} · OpenAPI ${doc.openapi} · ` },
          el('a', { href: '/api/openapi.json', textContent: 'openapi.json' }),
        ),
        el('p', { textContent: doc.info.description }),
      );
      const byTag = new Map();
      for (const [path, item] of Object.entries(doc.paths))
        for (const [method, op] of Object.entries(item)) {
          const tag = op.tags?.[0] ?? 'Other';
          if (!byTag.has(tag)) byTag.set(tag, []);
          byTag.get(tag).push([method, path, op]);
        }
      for (const [tag, ops] of byTag) {
        root.append(el('h2', { id: tag, textContent: tag }));
        for (const [method, path, op] of ops) {
          const body = el('div', { className: 'body' });
          if (op.description) body.append(el('p', { textContent: op.description }));
          if (op.parameters?.length)
            body.append(
              el(
                'table',
                {},
                el('tr', {}, el('th', { textContent: 'parameter' }), el('th', { textContent: 'in' }), el('th', { textContent: 'schema' })),
                ...op.parameters.map((p) =>
                  el(
                    'tr',
                    {},
                    el('td', {}, el('code', { textContent: p.name + (p.required ? ' *' : '') })),
                    el('td', { textContent: p.in }),
                    el('td', {}, el('code', { textContent: JSON.stringify(p.schema) })),
                  ),
                ),
              ),
            );
          if (op.requestBody)
            for (const [type, media] of Object.entries(op.requestBody.content))
              body.append(el('p', { textContent: `Request body: ${type}` }), json(media.schema ?? {}));
          for (const [status, response] of Object.entries(op.responses)) {
            const media = Object.entries(response.content ?? {})[0];
            body.append(el('p', { textContent: `Response ${status}: ${response.description}${media ? ` (${media[0]})` : ''}` }));
            if (media?.[1].schema && status !== 'default' && status !== '401') body.append(json(media[1].schema));
          }
          root.append(
            el(
              'details',
              {},
              el(
                'summary',
                {},
                el('span', { className: `m ${method}`, textContent: method }),
                el('code', { textContent: path }),
                el('span', { textContent: op.summary }),
                op.security?.length ? el('span', { className: 'lock', textContent: '🔒', title: 'Bearer token' }) : '',
              ),
              body,
            ),
          );
        }
      }
    })
    .catch((error) => {
      document.getElementById('docs').textContent = `Could not load /api/openapi.json: ${error}`;
    });
})();
