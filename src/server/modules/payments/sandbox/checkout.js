// The sandbox's checkout.js (DESIGN 4): a `Razorpay` constructor with the options and callbacks of
// Razorpay's own script (key, amount, currency, order_id, name, description, image, prefill,
// readonly, theme, modal { escape, confirm_close, ondismiss }, retry, handler, and
// rzp.on('payment.failed')). rzp.open() shows the hosted window, /sandbox/pay, in a full-screen
// frame; the window answers by postMessage, checked against this script's origin and the frame.
(() => {
  const SOURCE = 'rg-sandbox-checkout';
  const script = document.currentScript;
  const sandboxOrigin = script?.src
    ? new URL(script.src, window.location.href).origin
    : window.location.origin;

  // Only plain data crosses into the window; callbacks stay here.
  function windowOptions(options) {
    const modal = options.modal || {};
    return {
      key: options.key,
      amount: options.amount,
      currency: options.currency,
      order_id: options.order_id,
      name: options.name,
      description: options.description,
      image: options.image,
      prefill: options.prefill || {},
      readonly: options.readonly || {},
      theme: options.theme ? { color: options.theme.color } : {},
      modal: { escape: modal.escape !== false, confirm_close: Boolean(modal.confirm_close) },
      retry: options.retry ? { enabled: options.retry.enabled !== false } : { enabled: true },
    };
  }

  function later(callback, argument) {
    if (typeof callback !== 'function') return;
    // A throwing callback of the store's page must not break the checkout's own clean-up.
    setTimeout(() => callback(argument), 0);
  }

  class Razorpay {
    constructor(options) {
      if (!options || typeof options !== 'object') throw new Error('Razorpay: options are required');
      if (!options.key) throw new Error('Razorpay: key is required');
      if (!options.order_id) throw new Error('Razorpay: order_id is required');
      this.options = options;
      this.listeners = {};
      this.overlay = null;
      this.frame = null;
      this.onMessage = this.onMessage.bind(this);
      this.onKeyDown = this.onKeyDown.bind(this);
    }

    on(event, callback) {
      if (!this.listeners[event]) this.listeners[event] = [];
      this.listeners[event].push(callback);
      return this;
    }

    emit(event, payload) {
      for (const callback of this.listeners[event] || []) later(callback, payload);
    }

    open() {
      if (this.overlay) return this;
      const overlay = document.createElement('div');
      overlay.setAttribute('data-sandbox-checkout', '');
      // Styles go through CSSOM (element.style), which the store's CSP allows; no inline style tags.
      Object.assign(overlay.style, {
        position: 'fixed',
        inset: '0',
        zIndex: '2147483647',
        background: 'rgba(28, 25, 23, 0.55)',
      });
      const frame = document.createElement('iframe');
      const query = new URLSearchParams({
        order_id: String(this.options.order_id),
        key_id: String(this.options.key),
      });
      frame.src = `${sandboxOrigin}/sandbox/pay?${query}`;
      frame.title = 'Payment window';
      frame.setAttribute('allow', 'payment');
      Object.assign(frame.style, { width: '100%', height: '100%', border: '0', display: 'block' });
      overlay.appendChild(frame);

      this.previousOverflow = document.body.style.overflow;
      this.previousFocus = document.activeElement;
      document.body.style.overflow = 'hidden';
      window.addEventListener('message', this.onMessage);
      document.addEventListener('keydown', this.onKeyDown);
      document.body.appendChild(overlay);
      frame.addEventListener('load', () => frame.focus());
      this.overlay = overlay;
      this.frame = frame;
      return this;
    }

    close() {
      if (!this.overlay) return;
      window.removeEventListener('message', this.onMessage);
      document.removeEventListener('keydown', this.onKeyDown);
      this.overlay.remove();
      document.body.style.overflow = this.previousOverflow || '';
      if (this.previousFocus && typeof this.previousFocus.focus === 'function') this.previousFocus.focus();
      this.overlay = null;
      this.frame = null;
    }

    post(message) {
      this.frame?.contentWindow?.postMessage({ source: SOURCE, ...message }, sandboxOrigin);
    }

    onKeyDown(event) {
      // Escape pressed before the frame has focus: the window decides (confirm_close, escape).
      if (event.key === 'Escape') this.post({ type: 'escape' });
    }

    onMessage(event) {
      if (!this.frame || event.source !== this.frame.contentWindow || event.origin !== sandboxOrigin) return;
      const data = event.data;
      if (!data || data.source !== SOURCE) return;
      const modal = this.options.modal || {};
      if (data.type === 'ready') {
        this.post({ type: 'options', options: windowOptions(this.options) });
      } else if (data.type === 'success') {
        this.close();
        later(this.options.handler, data.response);
      } else if (data.type === 'failed') {
        this.emit('payment.failed', { error: data.error });
        if (this.options.retry && this.options.retry.enabled === false) this.close();
      } else if (data.type === 'dismiss') {
        this.close();
        later(modal.ondismiss);
      }
    }
  }

  window.Razorpay = Razorpay;
})();
