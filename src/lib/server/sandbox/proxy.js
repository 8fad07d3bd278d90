/**
 * The MCP Apps sandbox proxy (spec 2026-01-26, "Sandbox proxy"). Runs in the outer frame on
 * the sandbox origin, served by `sandbox-server.js` under the View's CSP (which the inner
 * frame inherits). It loads the View's HTML into an inner frame with an opaque origin
 * (`sandbox="allow-scripts allow-forms"`: no same-origin, no popups, no top navigation) and
 * relays JSON-RPC messages both ways: from the parent only when they come from the host
 * origin named in the URL, to the parent only at that origin. `ui/notifications/sandbox-*`
 * messages are never relayed; a View's CSP violations are reported to the host.
 */
(() => {
	const proxyReady = 'ui/notifications/sandbox-proxy-ready';
	const resourceReady = 'ui/notifications/sandbox-resource-ready';
	const violation = 'ui/notifications/sandbox-csp-violation';
	const hostOrigin = new URL(location.href).searchParams.get('host');
	if (window.parent === window || !hostOrigin) {
		document.body.textContent = 'This page only runs inside AutoUI, as the frame of an MCP App.';
		return;
	}
	const inner = document.createElement('iframe');
	inner.setAttribute('sandbox', 'allow-scripts allow-forms');
	inner.setAttribute('title', 'MCP App view');
	// The server maps the resource's declared permissions (camera, microphone, …) to `allow`.
	const allow = document.body.getAttribute('data-allow');
	if (allow) inner.setAttribute('allow', allow);
	document.body.appendChild(inner);
	let loaded = false;
	let violations = 0;

	/** Reports the View's CSP violations to the proxy (runs first, inside the View). */
	const reporter =
		'<script>document.addEventListener("securitypolicyviolation",function(e){parent.postMessage({jsonrpc:"2.0",method:"' +
		violation +
		'",params:{directive:e.effectiveDirective,blockedUri:String(e.blockedURI||"").slice(0,200)}},"*")});</script>';

	/** @param {string} html */
	function withReporter(html) {
		const head = /<head(\s[^>]*)?>/i.exec(html);
		if (head) return html.slice(0, head.index + head[0].length) + reporter + html.slice(head.index + head[0].length);
		const root = /<html(\s[^>]*)?>/i.exec(html);
		if (root) return html.slice(0, root.index + root[0].length) + reporter + html.slice(root.index + root[0].length);
		return reporter + html;
	}

	/** @param {{ html?: unknown }} params */
	function load(params) {
		if (loaded || typeof params.html !== 'string') return;
		loaded = true;
		inner.srcdoc = withReporter(params.html);
	}

	window.addEventListener('message', (event) => {
		const data = event.data;
		const method = data && typeof data === 'object' && typeof data.method === 'string' ? data.method : '';
		if (event.source === window.parent) {
			if (event.origin !== hostOrigin) return;
			if (method === resourceReady) load(data.params || {});
			else if (!method.startsWith('ui/notifications/sandbox-')) inner.contentWindow?.postMessage(data, '*');
			return;
		}
		if (!inner.contentWindow || event.source !== inner.contentWindow) return;
		if (method === violation) {
			if (++violations <= 20) window.parent.postMessage({ jsonrpc: '2.0', method: violation, params: data.params }, hostOrigin);
			return;
		}
		if (method.startsWith('ui/notifications/sandbox-')) return;
		window.parent.postMessage(data, hostOrigin);
	});

	window.parent.postMessage({ jsonrpc: '2.0', method: proxyReady, params: {} }, hostOrigin);
})();
