/**
 * How a player is shown to other players (lottery winners, tournament boards): the first name and
 * the last name's initial, else "Player" and the last four characters of the id; never an e-mail.
 */
export function publicName(player: { id: string; firstName: string; lastName: string }): string {
  const first = player.firstName.trim()
  const initial = player.lastName.trim().charAt(0).toUpperCase()
  if (first === '') return `Player ${player.id.slice(-4)}`
  return initial === '' ? first : `${first} ${initial}.`
}
