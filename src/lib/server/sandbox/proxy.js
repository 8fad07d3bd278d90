/**
 * The MCP Apps sandbox proxy (spec 2026-01-26, "Sandbox proxy"). Runs in the outer frame on
 * the sandbox origin, served by `sandbox-server.js` under the View's CSP (which the inner
 * frame inherits). It loads the View's HTML into an inner frame (no popups, no top
 * navigation): on the server's own origin (`own=1`: `allow-same-origin`, as the reference
 * host does, so the View has a real origin and may read `window.parent`, this page, which
 * is locked like the View), else with an opaque origin (`allow-scripts allow-forms`), and
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
	const own = new URL(location.href).searchParams.get('own') === '1';
	const inner = document.createElement('iframe');
	inner.setAttribute('sandbox', own ? 'allow-scripts allow-same-origin allow-forms' : 'allow-scripts allow-forms');
	inner.setAttribute('title', 'MCP App view');
	// The server maps the resource's declared permissions (camera, microphone, …) to `allow`.
	const allow = document.body.getAttribute('data-allow');
	if (allow) inner.setAttribute('allow', allow);
	let loaded = false;
	let violations = 0;

	/** Reports the View's CSP violations to the proxy (runs first, inside the View). */
	const reporter =
		'<script>document.addEventListener("securitypolicyviolation",function(e){parent.postMessage({jsonrpc:"2.0",method:"' +
		violation +
		'",params:{directive:e.effectiveDirective,blockedUri:String(e.blockedURI||"").slice(0,200)}},"*")});</script>';

	/**
	 * Runs first inside the View, before its own code, in its window and in every frame it
	 * makes (locked as they are inserted or reached):
	 * - WebRTC is denied: `connect-src` does not govern STUN/TURN traffic, so a View could
	 *   otherwise reach any host over UDP. The constructors become non-configurable
	 *   `undefined`s (browsers do not implement the `webrtc` CSP directive yet).
	 * - Focus only follows the user: `focus()`, `window.focus()` and opening a dialog (which
	 *   moves focus) do nothing unless the user pressed a key or a pointer inside the View in
	 *   the last 5 s (trusted events only; the page's own activation is not used, since
	 *   browsers may share it with a same-site sandbox), so a View cannot pull the keyboard
	 *   away while the user types in the chat.
	 */
	const lockCode =
		'(function(){var N=["RTCPeerConnection","webkitRTCPeerConnection","RTCDataChannel","RTCIceCandidate","RTCSessionDescription","RTCRtpSender","RTCRtpReceiver","RTCRtpTransceiver","RTCIceTransport","RTCDtlsTransport","RTCSctpTransport","RTCCertificate","RTCRtpScriptTransform","RTCEncodedAudioFrame","RTCEncodedVideoFrame"];' +
		'var T=-1e9;["pointerdown","mousedown","keydown","touchstart"].forEach(function(t){window.addEventListener(t,function(e){if(e.isTrusted)T=Date.now()},true)});function A(){return Date.now()-T<5000}' +
		'function D(o,k,v){try{Object.defineProperty(o,k,{value:v,writable:false,configurable:false,enumerable:false})}catch(e){}}' +
		'function G(o,k){if(!o)return;var f=o[k];if(typeof f!=="function")return;D(o,k,function(){if(A())return f.apply(this,arguments)})}' +
		'function L(w){if(!w)return w;try{if(w.__viewLocked)return w;N.forEach(function(n){D(w,n,undefined)});D(w,"__viewLocked",true);' +
		'G(w.HTMLElement&&w.HTMLElement.prototype,"focus");G(w.SVGElement&&w.SVGElement.prototype,"focus");G(w.MathMLElement&&w.MathMLElement.prototype,"focus");' +
		'G(w.HTMLDialogElement&&w.HTMLDialogElement.prototype,"showModal");G(w.HTMLDialogElement&&w.HTMLDialogElement.prototype,"show");var wf=w.focus;D(w,"focus",function(){if(A())return wf.apply(w,arguments)});P(w)}catch(e){}return w}' +
		'function F(root){try{if(root&&root.tagName==="IFRAME")L(root.contentWindow);var list=root&&root.querySelectorAll?root.querySelectorAll("iframe,frame"):[];for(var i=0;i<list.length;i++)L(list[i].contentWindow)}catch(e){}}' +
		'function P(w){var E=w.Element&&w.Element.prototype,Nd=w.Node&&w.Node.prototype,I=w.HTMLIFrameElement&&w.HTMLIFrameElement.prototype;if(!E||!Nd||!I)return;' +
		'["contentWindow","contentDocument"].forEach(function(k){var d=Object.getOwnPropertyDescriptor(I,k);if(!d||!d.get)return;Object.defineProperty(I,k,{configurable:false,enumerable:true,get:function(){var v=d.get.call(this);L(k==="contentWindow"?v:v&&v.defaultView);return v}})});' +
		'[[Nd,"appendChild"],[Nd,"insertBefore"],[Nd,"replaceChild"],[E,"append"],[E,"prepend"],[E,"after"],[E,"before"],[E,"replaceWith"],[E,"insertAdjacentElement"],[E,"insertAdjacentHTML"]].forEach(function(p){var f=p[0][p[1]];if(typeof f!=="function")return;D(p[0],p[1],function(){var r=f.apply(this,arguments);for(var i=0;i<arguments.length;i++)F(arguments[i]);F(this.parentNode||this);return r})});' +
		'["innerHTML","outerHTML"].forEach(function(k){var d=Object.getOwnPropertyDescriptor(E,k);if(!d||!d.set)return;Object.defineProperty(E,k,{configurable:false,enumerable:true,get:d.get,set:function(v){var parent=this.parentNode;d.set.call(this,v);F(k==="outerHTML"?parent:this)}})})}' +
		'L(window)})();';
	const viewLock = '<script>' + lockCode + '</script>';
	if (own) {
		// The View can reach this page: it gets the same lock first (and every frame made here after it).
		const lock = document.createElement('script');
		lock.textContent = lockCode;
		document.head.appendChild(lock);
	}
	document.body.appendChild(inner);

	/** @param {string} html */
	function withReporter(html) {
		const first = viewLock + reporter;
		const head = /<head(\s[^>]*)?>/i.exec(html);
		if (head) return html.slice(0, head.index + head[0].length) + first + html.slice(head.index + head[0].length);
		const root = /<html(\s[^>]*)?>/i.exec(html);
		if (root) return html.slice(0, root.index + root[0].length) + first + html.slice(root.index + root[0].length);
		return first + html;
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
			if (++violations <= 20)
				window.parent.postMessage({ jsonrpc: '2.0', method: violation, params: data.params }, hostOrigin);
			return;
		}
		if (method.startsWith('ui/notifications/sandbox-')) return;
		window.parent.postMessage(data, hostOrigin);
	});

	window.parent.postMessage({ jsonrpc: '2.0', method: proxyReady, params: {} }, hostOrigin);
})();
