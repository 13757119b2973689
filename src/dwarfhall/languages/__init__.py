"""Language packs shipped with the package (see README.md here and docs/architecture.md, "Languages")."""
