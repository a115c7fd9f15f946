/* warptex/nvvm.h -- placeholder until tools/gen_nvvm.c generates it */
#ifndef WARPTEX_NVVM_H
#define WARPTEX_NVVM_H
#endif
