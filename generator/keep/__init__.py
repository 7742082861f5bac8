"""What Paddock keeps between runs in the cache folder: parsed data, fitted texts, compressed
streams, compiled templates and dataclass code. Imports only ``generator.errors`` and the
version; every layer above may use it."""
