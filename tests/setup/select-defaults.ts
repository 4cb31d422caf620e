// happy-dom's <select> has no `size` and its <option>s no `defaultSelected`, which browsers answer
// (0, and whether the option has the `selected` attribute). react-hook-form reads them to tell a
// select the user changed before the form was ready from one it should set to the form's value;
// without them it took every registered select as changed and kept its first option, where a
// browser shows the form's value (a category's GST rate, a slot's window length).
if (!('size' in HTMLSelectElement.prototype)) {
  Object.defineProperty(HTMLSelectElement.prototype, 'size', {
    configurable: true,
    get(this: HTMLSelectElement) {
      return Number(this.getAttribute('size') ?? 0);
    },
    set(this: HTMLSelectElement, size: number) {
      this.setAttribute('size', String(size));
    },
  });
}
if (!('defaultSelected' in HTMLOptionElement.prototype)) {
  Object.defineProperty(HTMLOptionElement.prototype, 'defaultSelected', {
    configurable: true,
    get(this: HTMLOptionElement) {
      return this.hasAttribute('selected');
    },
    // React marks the option a select starts on this way (a select given a value).
    set(this: HTMLOptionElement, selected: boolean) {
      if (selected) this.setAttribute('selected', '');
      else this.removeAttribute('selected');
    },
  });
}
