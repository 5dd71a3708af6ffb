import type { Tx } from '#db/client.ts'

// PLACEHOLDER: filled by its part of issue 24.
export async function seedShop(_tx: Tx, _now: Date): Promise<void> {}
