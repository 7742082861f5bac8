"""Laying out paper: lengths and sizes, fonts and fitted text, faces drawn in millimetres,
sheets with bleed, crop marks and duplex backs, and the PDF files they make."""
