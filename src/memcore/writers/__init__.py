"""Writers: the effect boundary between the memory and whatever writes its nodes."""
