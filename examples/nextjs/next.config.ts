import type { NextConfig } from 'next'

const config: NextConfig = {
  // Nothing to transpile: the packages are ESM, their React entry starts with "use client".
  reactStrictMode: true,
  // A small app: writing Turbopack's build cache costs more than it saves here.
  experimental: { turbopackFileSystemCacheForBuild: false },
}

export default config
