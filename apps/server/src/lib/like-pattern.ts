/** Text matched literally inside a LIKE pattern: its wildcards and the escape character are escaped. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);
