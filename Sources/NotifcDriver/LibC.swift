// Imports the platform C library for the driver's file, process and terminal calls.
#if canImport(Glibc)
@_exported @preconcurrency import Glibc
#elseif canImport(Musl)
@_exported @preconcurrency import Musl
#elseif canImport(Darwin)
@_exported import Darwin
#elseif canImport(ucrt)
@_exported import ucrt
#endif
