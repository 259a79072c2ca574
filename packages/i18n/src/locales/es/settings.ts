import type { settings as en } from "../en/settings";

export const settings: typeof en = {
  title: "Configuración",
  description:
    "Cómo trabaja su organización: su calendario, idioma, reglas de análisis y de carga, recordatorios y logotipo.",
  general: "Configuración de la organización",
  timeZone: "Zona horaria",
  timeZoneHint:
    "El calendario de la clínica: el día de un servicio, los ajustes de tarifa y los días de monitoreo remoto.",
  defaultLanguage: "Idioma predeterminado para nuevos usuarios",
  twoFactorRequirement: "Inicio de sesión en dos pasos obligatorio para",
  twoFactorRequirementHint: "Los administradores siempre inician sesión con un segundo factor.",
  twoFactorRequirements: {
    ADMINS: "Solo administradores",
    STAFF: "Administradores y proveedores",
    EVERYONE: "Todos, incluidos los pacientes",
  },
  minSupportVideos: "Videos de apoyo necesarios para el análisis",
  minSupportVideosHint:
    "Un grupo de videos está listo para el análisis cuando tiene procesados estos videos de apoyo.",
  referenceVideoMaxMb: "Límite de tamaño de los videos de apoyo (MB)",
  recordingMaxMb: "Límite de tamaño de las grabaciones de pacientes (MB)",
  videoExtensions: "Formatos de video aceptados",
  reminderLeadMinutes: "Recordatorio de cita (minutos antes)",
  reminderLeadHint: "Los recordatorios ya programados para las próximas citas también se ajustan.",
  patientChangeNoticeMinutes: "Los pacientes pueden cancelar o cambiar la cita hasta (minutos antes)",
  patientChangeNoticeHint:
    "Más cerca de la cita, los pacientes deben contactar con la clínica. 0 permite cambios hasta que empiece.",
  staffIdleMinutes: "Cerrar la sesión del personal tras inactividad (minutos)",
  patientIdleMinutes: "Cerrar la sesión de los pacientes tras inactividad (minutos)",
  idleMinutesHint:
    "De 2 a 480. Se muestra un aviso un minuto antes; grabar o estar en una videoconsulta cuenta como actividad.",
  save: "Guardar configuración",
  saved: "Configuración guardada",
  logo: "Logotipo",
  logoHint: "PNG, JPEG o WebP de hasta 1 MB, visible en el encabezado para toda su organización.",
  logoAlt: "Logotipo de {{name}}",
  noLogo: "Aún no hay logotipo.",
  uploadLogo: "Subir un logotipo",
  uploadingLogo: "Subiendo…",
  removeLogo: "Quitar logotipo",
  logoSaved: "Logotipo guardado",
  logoRemoved: "Logotipo quitado",
  organization: "Organización",
  switchOrganization: "Trabajando en",
  switched: "Ahora trabaja en {{name}}",
  organizations: "Organizaciones",
  organizationsHint:
    "Las organizaciones en las que trabaja esta persona; su organización principal siempre se mantiene.",
  home: "{{name}} (principal)",
};
