/** A translation catalogue: nested objects of strings, addressed by dotted keys. */
export type Messages = { [key: string]: string | Messages }
