"""Script GUIDs of the Cinemachine components the tools address, written once.

Evidence: the `.cs.meta` files of the package's own repository (Unity-Technologies/com.unity.cinemachine,
`com.unity.cinemachine/Runtime/**/*.cs.meta`), read at every version commit listed in
`manifests/cinemachine.evidence.md` (2.9.5 … 2.10.7 and 3.1.1 … 3.1.8-pre.1): each GUID is constant over all the
versions in which its file exists (`cinemachine-script-guids.txt` in the shared fixtures).
The fixture files agree: chicken-defense `Scenes/Game.unity` (2.9.7) and minigolf `Scenes/Game.unity` (3.1.2).

A GUID does **not** tell the major: CM3 keeps the CM2 classes in `Runtime/Deprecated/` under their CM2 GUIDs
(a CinemachineVirtualCamera still loads in a 3.x project), and classes such as CinemachineBrain,
CinemachineHardLookAt or CinemachineBasicMultiChannelPerlin keep one GUID while their fields are renamed
(`m_UpdateMethod` → `UpdateMethod`). The layout is read from the fields (`layout.py`); a GUID only says what
kind of component it is. Where a class was renamed with its GUID kept, both names are given (CM2, CM3).
"""

from __future__ import annotations

from dataclasses import dataclass

from unitycli.api import KnownScript

CAMERA = "camera"
BRAIN = "brain"
BODY = "body"
AIM = "aim"
NOISE = "noise"
PIPELINE = "pipeline"
OTHER = "other"


@dataclass(frozen=True)
class Script:
    guid: str
    kind: str
    cm2_name: str | None  # the class name in 2.x (None: the class does not exist in 2.x)
    cm3_name: str | None  # the class name in 3.x, including Runtime/Deprecated (None: not in 3.x)

    def name(self, layout: str | None) -> str:
        """The class name for a component in `layout` ("cm2" | "cm3"); the name that exists when only one does."""
        if layout == "cm3":
            return self.cm3_name or self.cm2_name or ""
        return self.cm2_name or self.cm3_name or ""


_SCRIPTS = (
    # cameras
    Script("45e653bab7fb20e499bda25e1b646fea", CAMERA, "CinemachineVirtualCamera", "CinemachineVirtualCamera"),
    Script("319d2fe34a804e245819465c9505ea59", CAMERA, "CinemachineFreeLook", "CinemachineFreeLook"),
    Script("f9dfa5b682dcd46bda6128250e975f58", CAMERA, None, "CinemachineCamera"),
    Script("d62f748f5292bb343be9e6b0c84416d9", CAMERA, "CinemachineClearShot", "CinemachineClearShot"),
    Script("325a6a3050a061e4b8aa51386c30e8e1", CAMERA, "CinemachineStateDrivenCamera", "CinemachineStateDrivenCamera"),
    Script("6c26251a3e1f5ac41afa5ffb404c5f71", CAMERA, "CinemachineMixingCamera", "CinemachineMixingCamera"),
    Script("53258ad9ad6e71e48bb8643c9522112e", CAMERA, "CinemachineBlendListCamera", "CinemachineSequencerCamera"),
    # brain
    Script("72ece51f2901e7445ab60da3685d6b5f", BRAIN, "CinemachineBrain", "CinemachineBrain"),
    # the CM2 pipeline holder on the hidden `cm` child
    Script("ac0b09e7857660247b1477e93731de29", PIPELINE, "CinemachinePipeline", "CinemachinePipeline"),
    # body (position control)
    Script("fa7155796051b734daa718462081dc5f", BODY, "CinemachineTransposer", "CinemachineTransposer"),
    Script("6ad980451443d70438faac0bc6c235a0", BODY, "CinemachineFramingTransposer", "CinemachineFramingTransposer"),
    Script("9384ab8608cdc3d479fe89cd51eed48f", BODY, "CinemachineOrbitalTransposer", "CinemachineOrbitalTransposer"),
    Script("418e42c7d0405cc48a7b83f63ea53bb3", BODY, "CinemachineTrackedDolly", "CinemachineTrackedDolly"),
    Script("bd6043bde05a7fc4cba197d06915c1e3", BODY, "Cinemachine3rdPersonFollow", "Cinemachine3rdPersonFollow"),
    Script("36d1163fa822e8b418a0a603ec078d5c", BODY, "CinemachineHardLockToTarget", "CinemachineHardLockToTarget"),
    Script("b617507da6d07e749b7efdb34e1173e1", BODY, None, "CinemachineFollow"),
    Script("3b5d7c088409d9a40b7b09aa707777f8", BODY, None, "CinemachineOrbitalFollow"),
    Script("625c14eee3ad46c99df7c7c891ef668a", BODY, None, "CinemachineThirdPersonFollow"),
    Script("886251e9a18ece04ea8e61686c173e1b", BODY, None, "CinemachinePositionComposer"),
    Script("90eebaab98e4b44b0ba8c79821e554e1", BODY, None, "CinemachineSplineDolly"),
    # aim (rotation control)
    Script("f4044717213e31446939f7bd49c896ea", AIM, "CinemachineComposer", "CinemachineComposer"),
    Script("0f7633c93f0364a418841eeb8b058634", AIM, "CinemachineGroupComposer", "CinemachineGroupComposer"),
    Script("3c9beda531928fc40968802117a5d256", AIM, "CinemachinePOV", "CinemachinePOV"),
    Script("a4c41ac9245b87c4192012080077d830", AIM, "CinemachineSameAsFollowTarget", "CinemachineSameAsFollowTarget"),
    Script("1e8b78ac948f05a46a6d8339a503172b", AIM, "CinemachineHardLookAt", "CinemachineHardLookAt"),
    Script("f38bda98361e1de48a4ca2bd86ea3c17", AIM, None, "CinemachineRotationComposer"),
    Script("62d54399b04b4fa48a73e121d4937dd4", AIM, None, "CinemachinePanTilt"),
    Script("4afa82ae3200b82408d605c3dbdd1e38", AIM, None, "CinemachineRotateWithFollowTarget"),
    # noise
    Script("68bb026fafb42b14791938953eaace77", NOISE, "CinemachineBasicMultiChannelPerlin",
           "CinemachineBasicMultiChannelPerlin"),
    # other components that sit beside a camera
    Script("89875cdc57c54474a8a74efd9b2a3b5d", OTHER, None, "CinemachineInputAxisController"),
    Script("a076c17fe76165e4f8ed21498b877bf9", OTHER, None, "CinemachineFreeLookModifier"),
    Script("2588cc5dedbb75e49a44aada63f7b939", OTHER, "Cinemachine3rdPersonAim", "CinemachineThirdPersonAim"),
    Script("e501d18bb52cf8c40b1853ca4904654f", OTHER, "CinemachineCollider", "CinemachineCollider"),
    Script("dbe43d662878a7c43bcd44d43c9e2094", OTHER, None, "CinemachineDeoccluder"),
    Script("f453f694addf4275988fac205bc91968", OTHER, "CinemachineConfiner2D", "CinemachineConfiner2D"),
    Script("44d70cc20219cd84593f67d248eafe36", OTHER, "CinemachineCameraOffset", "CinemachineCameraOffset"),
    Script("4eb4843bae7d24943842ea23130dcd55", OTHER, None, "CinemachineGroupFraming"),
)

BY_GUID: dict[str, Script] = {s.guid: s for s in _SCRIPTS}
CAMERA_GUIDS = frozenset(s.guid for s in _SCRIPTS if s.kind == CAMERA)
BRAIN_GUID = "72ece51f2901e7445ab60da3685d6b5f"
PIPELINE_GUID = "ac0b09e7857660247b1477e93731de29"
STAGES = (BODY, AIM, NOISE)


# For the core's tools (`gameobject.find {"component": "CinemachineCamera"}`): one class name per GUID, the 3.x
# name where a class was renamed with its GUID kept (CinemachineBlendListCamera is CinemachineSequencerCamera).
KNOWN_SCRIPTS = [KnownScript(s.guid, s.cm3_name or s.cm2_name or "", "com.unity.cinemachine") for s in _SCRIPTS]


def script_of(guid: str | None) -> Script | None:
    return BY_GUID.get((guid or "").lower())
