import type { security as english } from "../en/security";

/** Cierre de sesión automático y sesiones de Perfil → Seguridad, en español (usted). */
export const security: typeof english = {
  idle: {
    title: "¿Sigue ahí?",
    body: "Por su privacidad, su sesión se cerrará en {{seconds}} segundos por inactividad.",
    stay: "Mantener la sesión",
    signOut: "Cerrar sesión ahora",
  },
  sessions: {
    title: "Dónde tiene la sesión iniciada",
    description:
      "Dispositivos y navegadores con sesión iniciada en su cuenta. Cierre la sesión de los que no reconozca.",
    loading: "Cargando sus sesiones…",
    empty: "No hay otras sesiones.",
    unknownDevice: "Dispositivo desconocido",
    device: "{{browser}} en {{os}}",
    place: "Dirección IP {{ip}}",
    unknownPlace: "Dirección IP desconocida",
    lastSeen: "Última actividad: {{date}}",
    thisDevice: "Este dispositivo",
    signOut: "Cerrar sesión",
    signOutSession: "Cerrar la sesión de {{device}}",
    signOutOthers: "Cerrar todas las demás sesiones",
    signedOut: "Sesión cerrada",
    signedOutOthers_one: "Se cerró {{count}} sesión más",
    signedOutOthers_other: "Se cerraron {{count}} sesiones más",
  },
};
