// @ts-check
// The language of the page: English or Spanish, chosen in the header and kept in the browser.
// Every request carries it as Accept-Language (api.js), so the server can answer in it too.

const KEY = "coven.lang";
/** @type {Record<string, Record<string, string>>} */
const WORDS = {
  es: {
    "Lobby": "Vestíbulo",
    "Language": "Idioma",
    "New game": "Partida nueva",
    "Game": "Juego",
    "Players": "Jugadores",
    "Seat": "Asiento",
    "You": "Tú",
    "AI": "IA",
    "Friend (invite link)": "Amigo (enlace de invitación)",
    "Open seat": "Asiento libre",
    "Level": "Nivel",
    "Who": "Quién",
    "Default": "Por defecto",
    "Start": "Empezar",
    "Open games": "Partidas abiertas",
    "No open games.": "No hay partidas abiertas.",
    "Join": "Unirse",
    "Your games": "Tus partidas",
    "No games yet.": "Aún no hay partidas.",
    "Resume": "Continuar",
    "Spectate": "Mirar",
    "Spectate a game": "Mirar una partida",
    "Game id or link": "Id o enlace de la partida",
    "Your move": "Te toca",
    "Waiting for": "Esperando a",
    "AI is thinking…": "La IA está pensando…",
    "Log": "Registro",
    "Legal moves": "Jugadas legales",
    "Hint": "Pista",
    "Resign": "Rendirse",
    "Rematch": "Revancha",
    "Game over": "Fin de la partida",
    "Winners": "Ganadores",
    "Reason": "Motivo",
    "Invite a friend: send this link": "Invita a un amigo: envía este enlace",
    "Copy": "Copiar",
    "Spectator": "Espectador",
    "Reconnecting…": "Reconectando…",
    "Live": "En directo",
    "Back to the lobby": "Volver al vestíbulo",
    "Expansion": "Expansión",
    "Scenario": "Escenario",
    "Factions": "Facciones",
    "Decks": "Mazos",
    "Options": "Opciones",
    "Your name": "Tu nombre",
    "Really resign?": "¿Seguro que te rindes?",
    "Joining…": "Uniéndose…",
    "none": "ninguno",
    "Sanctuaries": "Santuarios",
    "Favors": "Favores",
    "Keeper pile": "Mazo de Guardianes",
    "Curse pile": "Mazo de Maldiciones",
    "Supply": "Reserva",
    "Your hand": "Tu mano",
    "Passes": "Pases",
    "Turn": "Turno",
    "waiting": "esperando",
    "finished": "terminada",
    "active": "en juego",
  },
};

/** @returns {"en"|"es"} */
export function currentLang() {
  try {
    return localStorage.getItem(KEY) === "es" ? "es" : "en";
  } catch (err) {
    return "en";
  }
}

/** @param {string} lang */
export function setLang(lang) {
  localStorage.setItem(KEY, lang === "es" ? "es" : "en");
  document.documentElement.lang = currentLang();
}

/**
 * The words of `text` in the chosen language (English when there is no translation).
 * @param {string} text
 * @returns {string}
 */
export function t(text) {
  const table = WORDS[currentLang()];
  return (table && table[text]) || text;
}
