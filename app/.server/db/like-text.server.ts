/** A LIKE pattern finding `text` anywhere, its wildcards escaped: what an operator types is matched as text. */
export const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
