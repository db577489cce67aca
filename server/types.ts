import type { Language, RoleLevel } from '../renderer/contract/wire.ts'
import type { AppConfig } from './config.ts'
import type { Db } from './db/schema.ts'
import type { FileStore } from './modules/hfle/file-store.ts'

/** The signed-in caller, read from the access token's row on every authenticated request. */
export interface Session {
  userId: number
  /** The current (switched) tenant. */
  tenantId: number
  roleId: number
  roleCode: string
  roleLevel: RoleLevel
  language: Language
  tokenHash: string
  /** The role holds ALL_DATA_PERMISSION: no data permission limits it (server/modules/models/model-scope.ts). */
  dataUnrestricted?: boolean
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
    config: AppConfig
    /** File bytes (uploads, exports): local disk under config.filesDir by default. */
    files: FileStore
  }
  interface FastifyRequest {
    /** Set by the auth plugin on every route that is not public; null on public routes. */
    session: Session | null
  }
  interface FastifyContextConfig {
    /** No token needed (sign-in pages, kickoff check, pub value lists). */
    public?: boolean
    /**
     * A session this route can vouch for without the database (or undefined: read it as usual). The import
     * progress poll uses it on PGlite, whose only connection a running import holds (server/modules/himp).
     */
    sessionInMemory?: (request: FastifyRequest, tokenHash: string) => Session | undefined
  }
}
