/** Text made safe inside HTML text and double- or single-quoted attributes (mail, page heads). */
export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
