#pragma once

#include <cstdint>

// What the int8 and bf16 kernels share to use AMX: whether the CPU and Linux
// let this process use the tiles, and the tile configuration they load.
namespace studio::model::inference::amx {

// Whether this CPU has AMX's tiles with int8 (TDPBUSD) or bf16 (TDPBF16PS)
// products, and Linux granted this process the tiles' 8 KB of register state
// (ARCH_REQ_XCOMP_PERM: refused where the kernel or a hypervisor does not
// support them). Asked once.
bool int8Available();
bool bf16Available();

// Palette 1's configuration, for LDTILECFG: bytes a row and rows of each of
// the eight tiles. A kernel loads it at each call: another library on the
// same thread (oneDNN) may have loaded its own.
struct alignas(64) TileConfig {
  uint8_t palette = 1;
  uint8_t start_row = 0;
  uint8_t reserved[14] = {};
  uint16_t bytes_per_row[16] = {};
  uint8_t rows[16] = {};

  void set(int tile, int tile_rows, int bytes) {
    rows[tile] = uint8_t(tile_rows);
    bytes_per_row[tile] = uint16_t(bytes);
  }
};
static_assert(sizeof(TileConfig) == 64, "LDTILECFG reads 64 bytes");

}  // namespace studio::model::inference::amx
