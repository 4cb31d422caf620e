// The sandbox's hosted payment window (DESIGN 4). It runs in a frame opened by /sandbox/checkout.js,
// receives the checkout options from it by postMessage, and answers with the outcome only: card
// numbers, expiry, CVV and UPI ids are checked here and never sent anywhere.
(() => {
  const SOURCE = 'rg-sandbox-checkout';
  const params = new URLSearchParams(window.location.search);
  const providerOrderId = params.get('order_id') || '';
  const keyId = params.get('key_id') || '';
  const framed = window.parent !== window;

  const $ = (id) => document.getElementById(id);
  const ui = {
    storeName: $('store-name'),
    description: $('order-description'),
    logo: $('logo'),
    amount: $('amount'),
    message: $('message'),
    loading: $('loading'),
    form: $('pay-form'),
    phone: $('contact-phone'),
    email: $('contact-email'),
    cardFields: $('card-fields'),
    upiFields: $('upi-fields'),
    cardNumber: $('card-number'),
    cardExpiry: $('card-expiry'),
    cardCvv: $('card-cvv'),
    upiId: $('upi-id'),
    payButton: $('pay-button'),
    failButton: $('fail-button'),
    failureDescription: $('failure-description'),
    failedPanel: $('failed-panel'),
    failedText: $('failed-text'),
    retryButton: $('retry-button'),
    successPanel: $('success-panel'),
    confirmPanel: $('confirm-panel'),
    confirmLeave: $('confirm-leave'),
    confirmStay: $('confirm-stay'),
    closeButton: $('close-button'),
  };

  let options = {};
  let order = null;
  let busy = false;
  let finished = false;

  function tell(type, detail) {
    if (framed) window.parent.postMessage({ source: SOURCE, type, ...detail }, window.location.origin);
  }

  function showMessage(text) {
    ui.message.textContent = text;
    ui.message.hidden = !text;
  }

  function show(panel) {
    for (const element of [ui.form, ui.failedPanel, ui.successPanel, ui.confirmPanel]) {
      element.hidden = element !== panel;
    }
  }

  function setBusy(value) {
    busy = value;
    ui.payButton.disabled = value;
    ui.failButton.disabled = value;
    ui.payButton.textContent = value ? 'Processing payment…' : `Pay ${order ? order.amountDisplay : ''}`;
  }

  function method() {
    const checked = ui.form.querySelector('input[name="method"]:checked');
    return checked ? checked.value : 'card';
  }

  function markInvalid(input, invalid) {
    input.setAttribute('aria-invalid', invalid ? 'true' : 'false');
  }

  // Luhn's check, as a real card form does before it talks to a bank.
  function isCardNumber(value) {
    const digits = value.replace(/[\s-]/g, '');
    if (!/^\d{12,19}$/.test(digits)) return false;
    let sum = 0;
    for (let index = 0; index < digits.length; index++) {
      let digit = Number(digits[digits.length - 1 - index]);
      if (index % 2 === 1) {
        digit *= 2;
        if (digit > 9) digit -= 9;
      }
      sum += digit;
    }
    return sum % 10 === 0;
  }

  function isFutureExpiry(value) {
    const match = /^(\d{2})\/(\d{2})$/.exec(value.trim());
    if (!match) return false;
    const month = Number(match[1]);
    const year = 2000 + Number(match[2]);
    if (month < 1 || month > 12) return false;
    const now = new Date();
    return year > now.getFullYear() || (year === now.getFullYear() && month >= now.getMonth() + 1);
  }

  /** The first problem with what the shopper typed, or '' when the payment can go ahead. */
  function validate() {
    if (method() === 'upi') {
      const valid = /^[\w.-]{2,}@[a-z]{2,}$/i.test(ui.upiId.value.trim());
      markInvalid(ui.upiId, !valid);
      return valid ? '' : 'Please enter a valid UPI ID, for example success@upi';
    }
    const checks = [
      [ui.cardNumber, isCardNumber(ui.cardNumber.value), 'Please enter a valid card number'],
      [ui.cardExpiry, isFutureExpiry(ui.cardExpiry.value), 'Please enter a valid expiry date (MM/YY)'],
      [ui.cardCvv, /^\d{3,4}$/.test(ui.cardCvv.value), 'Please enter the 3 or 4 digit CVV'],
    ];
    let first = '';
    for (const [input, valid, message] of checks) {
      markInvalid(input, !valid);
      if (!valid && !first) {
        first = message;
        input.focus();
      }
    }
    return first;
  }

  async function submit(outcome, description) {
    if (busy || finished || !order) return;
    setBusy(true);
    showMessage('');
    try {
      const response = await fetch(`/sandbox/api/orders/${encodeURIComponent(providerOrderId)}/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ method: method(), outcome, ...(description ? { description } : {}) }),
      });
      const body = await response.json().catch(() => ({}));
      if (!response.ok) {
        showMessage(body.message || 'The payment could not be processed. Please try again.');
        return;
      }
      if (body.error) {
        ui.failedText.textContent = body.error.description;
        show(ui.failedPanel);
        ui.retryButton.focus();
        tell('failed', { error: body.error });
        return;
      }
      finished = true;
      show(ui.successPanel);
      tell('success', { response: body });
    } catch {
      showMessage('Network error. Please check your connection and try again.');
    } finally {
      setBusy(false);
    }
  }

  function requestClose() {
    if (busy || finished) return;
    const modal = options.modal || {};
    if (modal.confirm_close) {
      show(ui.confirmPanel);
      ui.confirmStay.focus();
      return;
    }
    dismiss();
  }

  function dismiss() {
    finished = true;
    tell('dismiss', {});
  }

  function applyOptions(received) {
    options = received && typeof received === 'object' ? received : {};
    if (typeof options.name === 'string' && options.name) ui.storeName.textContent = options.name;
    if (typeof options.description === 'string') ui.description.textContent = options.description;
    if (typeof options.image === 'string' && options.image) {
      ui.logo.src = options.image;
      ui.logo.hidden = false;
    }
    const color = options.theme?.color;
    if (typeof color === 'string' && /^#[0-9a-f]{3,8}$/i.test(color)) {
      document.documentElement.style.setProperty('--accent', color);
    }
    const prefill = options.prefill || {};
    if (typeof prefill.contact === 'string') ui.phone.value = prefill.contact;
    if (typeof prefill.email === 'string') ui.email.value = prefill.email;
    const readonly = options.readonly || {};
    ui.phone.readOnly = Boolean(readonly.contact);
    ui.email.readOnly = Boolean(readonly.email);
    if (prefill.method === 'upi') {
      ui.form.querySelector('input[value="upi"]').checked = true;
      switchMethod();
    }
  }

  function switchMethod() {
    const upi = method() === 'upi';
    ui.upiFields.hidden = !upi;
    ui.cardFields.hidden = upi;
  }

  async function loadOrder() {
    if (!providerOrderId) {
      ui.loading.hidden = true;
      showMessage('This payment window was opened without an order.');
      return;
    }
    try {
      const query = keyId ? `?key_id=${encodeURIComponent(keyId)}` : '';
      const response = await fetch(`/sandbox/api/orders/${encodeURIComponent(providerOrderId)}${query}`);
      const body = await response.json().catch(() => ({}));
      ui.loading.hidden = true;
      if (!response.ok) {
        showMessage(body.message || 'This payment could not be loaded.');
        return;
      }
      order = body;
      ui.amount.textContent = order.amountDisplay;
      if (!options.name) ui.storeName.textContent = order.storeName;
      if (order.status === 'paid') {
        showMessage('This order has already been paid.');
        return;
      }
      setBusy(false);
      show(ui.form);
      ui.cardNumber.focus();
    } catch {
      ui.loading.hidden = true;
      showMessage('Network error. Please check your connection and try again.');
    }
  }

  ui.form.addEventListener('submit', (event) => {
    // The form has no action and its fields no names: nothing here is ever posted as a form.
    event.preventDefault();
    const problem = validate();
    if (problem) {
      showMessage(problem);
      return;
    }
    const upiId = ui.upiId.value.trim().toLowerCase();
    // Razorpay's test convention: failure@... fails, any other valid UPI ID succeeds.
    if (method() === 'upi' && upiId.startsWith('failure@')) {
      submit('failure', 'UPI payment declined by the bank');
      return;
    }
    submit('success');
  });
  ui.failButton.addEventListener('click', () => submit('failure', ui.failureDescription.value.trim()));
  for (const radio of ui.form.querySelectorAll('input[name="method"]')) {
    radio.addEventListener('change', switchMethod);
  }
  ui.cardNumber.addEventListener('input', () => {
    const digits = ui.cardNumber.value.replace(/\D/g, '').slice(0, 19);
    ui.cardNumber.value = digits.replace(/(\d{4})(?=\d)/g, '$1 ');
  });
  ui.cardExpiry.addEventListener('input', () => {
    const digits = ui.cardExpiry.value.replace(/\D/g, '').slice(0, 4);
    ui.cardExpiry.value = digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
  });
  ui.retryButton.addEventListener('click', () => {
    show(ui.form);
    ui.payButton.focus();
  });
  ui.closeButton.addEventListener('click', requestClose);
  ui.confirmLeave.addEventListener('click', dismiss);
  ui.confirmStay.addEventListener('click', () => {
    show(ui.form);
    ui.payButton.focus();
  });
  document.addEventListener('keydown', (event) => {
    // Razorpay's modal.escape (default true) lets Escape close the window.
    if (event.key === 'Escape' && options.modal?.escape !== false) requestClose();
  });
  window.addEventListener('message', (event) => {
    if (event.source !== window.parent || event.origin !== window.location.origin) return;
    const data = event.data;
    if (!data || data.source !== SOURCE) return;
    if (data.type === 'options') applyOptions(data.options);
    if (data.type === 'escape' && options.modal?.escape !== false) requestClose();
  });

  if (!framed) {
    ui.closeButton.hidden = true;
  }
  tell('ready', {});
  loadOrder();
})();
